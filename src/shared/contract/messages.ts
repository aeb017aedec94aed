/** Exact user-visible texts of the legacy contract (spec 000 section 8, spec 001 section 8). Keep them byte for byte. */
export const MSG = {
  usernameRequired: 'Username is Required!',
  passwordRequired: 'Password is Required!',
  oops: 'OOPS!',
  oopsTitle: 'Oops',
  contactAdministrator: 'Please Contact Administrator',
  userDoesNotExist: 'This Username or Password Does Not Exist!',
  credentialsWrong: 'Your Login Credentials Are Wrong!',
  firstLogin: 'First Login',
  success: 'SUCCESS',
  passwordNotMatched: 'password Not Matched!',
  cantChangePassword: "Can't Change Your Password!",
  passwordChanged: 'Your Password Changed Successfully!',
  sessionExpired: 'Your Session Has Expired?',
  loginAgain: 'login again',
} as const;
