// Moved to src/identity/: this re-export keeps src/app.ts compiling until it builds createIdentity.
export { createAccountService, type AccountService } from '../identity/account-service.js';
