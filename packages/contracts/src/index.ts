export * from './envelope.ts';
export * from './messages.ts';
export * from './constants.ts';
export * from './system/auth.ts';
export * from './system/user.ts';
