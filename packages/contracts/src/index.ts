export * from './envelope.ts';
export * from './messages.ts';
export * from './constants.ts';
export * from './system/auth.ts';
export * from './system/user.ts';
export * from './system/role.ts';
export * from './system/permission.ts';
export * from './system/depart.ts';
