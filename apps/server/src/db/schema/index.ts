export * from './auth.ts';
export * from './boards.ts';
export * from './experiments.ts';
export * from './images.ts';
export * from './pins.ts';
export * from './social.ts';
export * from './users.ts';
export * from './outbox.ts';
