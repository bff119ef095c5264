/** Identity's plain words and limits (no schemas, so a screen can import them without zod). */
export const TEACHER_CODE_MESSAGE = 'Invalid teacher unique ID.';
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong Credentials';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed. Please try again.';
export const PASSWORD_MIN_LENGTH = 8;
