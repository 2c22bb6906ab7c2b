/** Stable texts the server answers with; the UI shows them as they are (re-exported by ./users). */
export const ServerText = {
  invalidCredentials: 'Invalid username or password.',
  forgotPasswordSent: 'If an account exists for that e-mail, we have sent password reset instructions.',
  passwordReset: 'Your password has been reset. You can now log in.',
  invalidResetToken: 'Invalid or expired token.',
  tooManyRequests: 'Too many attempts. Please wait and try again.',
  unauthorized: 'You need to log in.',
} as const;
