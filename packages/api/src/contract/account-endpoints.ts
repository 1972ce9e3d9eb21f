import {
  cancelDeletionBody,
  cancelDeletionData,
  changeEmailBody,
  changePasswordBody,
  changePasswordData,
  confirmEmailBody,
  confirmEmailData,
  deleteAccountBody,
  deleteAccountData,
  exportData,
  forgotPasswordBody,
  resetPasswordBody,
  sessionListData,
  sessionRevokeBody,
  updateUserBody,
} from './account'
import { endpointRoutes } from './routes'
import { emptyData, myInfoData } from './user'

/** The account's endpoints (docs/product.md#accounts), spread into the registry. */
export const accountEndpoints = {
  forgotPassword: {
    ...endpointRoutes.forgotPassword,
    auth: 'none',
    body: forgotPasswordBody,
    data: emptyData,
    summary:
      'Mail a single-use password reset link (valid 1 h); the same answer whether or not the email has an account',
    codes: [429],
    tag: 'account',
  },
  resetPassword: {
    ...endpointRoutes.resetPassword,
    auth: 'none',
    body: resetPasswordBody,
    data: emptyData,
    summary:
      'Set a new password with a mailed token (once); every session of the account is revoked and its sign-in lockout cleared',
    tag: 'account',
  },
  changePassword: {
    ...endpointRoutes.changePassword,
    auth: 'required',
    body: changePasswordBody,
    data: changePasswordData,
    summary:
      'Change the password (the current one required): answers a new session token, revokes all others',
    codes: [429],
    tag: 'account',
  },
  updateUser: {
    ...endpointRoutes.updateUser,
    auth: 'required',
    body: updateUserBody,
    data: myInfoData,
    summary: 'Change the name or the language (of the mail the account receives)',
    tag: 'account',
  },
  changeEmail: {
    ...endpointRoutes.changeEmail,
    auth: 'required',
    body: changeEmailBody,
    data: emptyData,
    summary:
      'Mail a confirmation link to a new address; the email changes when it is opened (409 when the address has an account)',
    codes: [409, 429],
    tag: 'account',
  },
  confirmEmail: {
    ...endpointRoutes.confirmEmail,
    auth: 'none',
    body: confirmEmailBody,
    data: confirmEmailData,
    summary: 'Open a mailed confirmation link: verifies the address, or applies an email change (once)',
    codes: [409],
    tag: 'account',
  },
  resendVerification: {
    ...endpointRoutes.resendVerification,
    auth: 'required',
    data: emptyData,
    summary: 'Mail the confirmation link of the account’s address again (409 when it is confirmed)',
    codes: [409, 429],
    tag: 'account',
  },
  sessionList: {
    ...endpointRoutes.sessionList,
    auth: 'required',
    data: sessionListData,
    list: true,
    summary: "The caller's signed-in devices, most recently used first; `current` marks this one",
    tag: 'account',
  },
  sessionRevoke: {
    ...endpointRoutes.sessionRevoke,
    auth: 'required',
    body: sessionRevokeBody,
    data: emptyData,
    summary: 'Sign one of the caller’s devices out (404 for anyone else’s)',
    codes: [404],
    tag: 'account',
  },
  exportAccount: {
    ...endpointRoutes.exportAccount,
    auth: 'required',
    data: exportData,
    summary:
      'A signed link to a ZIP of the account’s data (JSON) and files (creations, uploads), built while it downloads',
    codes: [429],
    tag: 'account',
  },
  deleteAccount: {
    ...endpointRoutes.deleteAccount,
    auth: 'required',
    body: deleteAccountBody,
    data: deleteAccountData,
    summary:
      'Delete the account after the grace period (default 7 days): sign-in fails at once, every session is revoked; 409 while it owns a team with other members (hand it over or delete it first)',
    codes: [409],
    tag: 'account',
  },
  cancelDeletion: {
    ...endpointRoutes.cancelDeletion,
    auth: 'none',
    body: cancelDeletionBody,
    data: cancelDeletionData,
    summary: 'Keep an account whose deletion is pending, and sign in (the same pair and throttle as sign-in)',
    codes: [401, 404, 429],
    tag: 'account',
  },
} as const
