/** Identity's plain words and limits (no schemas, so a screen can import them without zod). */
export const TEACHER_CODE_MESSAGE = 'Invalid teacher unique ID.';
export const WRONG_CREDENTIALS_MESSAGE = 'Wrong Credentials';
export const REGISTRATION_FAILED_MESSAGE = 'Registration failed. Please try again.';
export const PASSWORD_MIN_LENGTH = 8;

/** DELETE /api/me (issue 26 §3): the owner deletes their account, with their password. */
export const DELETE_ACCOUNT_PASSWORD_MESSAGE = 'Enter your password to delete your account.';
export const DELETE_ACCOUNT_CHOICE_MESSAGE =
  'Choose what happens to your posts and comments: delete them, or keep them as "Deleted user".';
export const DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE =
  'That password is not right, so your account has not been deleted.';
export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted and you are signed out. Every part of Campus Connect is removing what it held about you now.';
