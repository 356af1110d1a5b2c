/** The administrator password of every test database (seeded once into the template). */
export const ADMIN_PASSWORD = 'Admin12345';
