export { aclAuthorize } from './authorize.ts';
export { aclCommands, WRONGPASS } from './commands.ts';
export { NOPERM, checkCommand, mayAccessKey, mayRun } from './check.ts';
export type { KeyNeed } from './check.ts';
export { describeUser } from './describe.ts';
export { applyModifiers, modifierError } from './setuser.ts';
export { sha256Hex } from './sha256.ts';
export { AclRegistry, defaultUser, newUser } from './users.ts';
export type { AclUser, KeyPattern } from './users.ts';
