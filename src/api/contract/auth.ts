import { z } from 'zod';
import { roleSummary, scopeSchema } from './access';
import { emailField } from './common';
import { defineCall } from './define';
import { user } from './users';

export const loginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'Enter your password.').max(1000),
});
export type LoginInput = z.infer<typeof loginSchema>;

const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

export const login = defineCall({
  method: 'POST',
  path: 'auth/login',
  auth: false,
  body: loginSchema,
  response: tokenResponse,
  summary: 'Sign in; also sets the refresh cookie',
});

export const logout = defineCall({
  method: 'GET',
  path: 'auth/logout',
  response: z.object({ message: z.string() }),
  summary: 'Sign out: revokes the session and its refresh tokens',
});

/** The signed-in user as the session carries them: the user, their role and their scope. */
export const sessionUser = user.omit({ role_id: true }).extend({ role: roleSummary, scope: scopeSchema });
export type SessionUser = z.infer<typeof sessionUser>;

export const me = defineCall({
  method: 'GET',
  path: 'auth/me',
  response: z.object({ data: sessionUser }),
  summary: 'The signed-in user, with their role and scope',
});

export const refresh = defineCall({
  method: 'POST',
  path: 'auth/refresh',
  auth: false,
  response: tokenResponse.extend({ refreshed: z.literal(true) }),
  summary: 'Rotates the refresh cookie and returns a new access token',
});

/** Every call of this area, under the name the console's `api.auth` gives it. */
export const calls = {
  login,
  logout,
  me,
  refresh,
};
