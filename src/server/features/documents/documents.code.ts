/** The verification code moved to lib/ (contracts use the same kind, issue 34); kept here for its callers. */
export { generateVerificationCode } from '../../lib/verification-code.js';
