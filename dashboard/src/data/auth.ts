import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { JsonBody } from './types';

/** Signing up, in and out: calls made before (or at the end of) a session, so nothing is cached. */
export const signUp = (body: JsonBody<'/v1/dev/signup', 'post'>) => unwrap(api.POST('/v1/dev/signup', { body }));

/** A session token, or a challenge when the account has a second factor. */
export const logIn = (body: JsonBody<'/v1/dev/login', 'post'>) => unwrap(api.POST('/v1/dev/login', { body }));

export const logInWithCode = (body: JsonBody<'/v1/dev/login/mfa', 'post'>) => unwrap(api.POST('/v1/dev/login/mfa', { body }));

/** Ends the session at the gateway; callers sign out locally whatever it answers. */
export const logOut = () => api.POST('/v1/dev/logout');
