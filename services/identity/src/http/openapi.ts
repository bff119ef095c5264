import {
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  RegisterResponse,
  SuccessResponse,
} from '@campus/contracts/identity';
import { openApiDocument } from '@campus/service-kit/openapi';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

export const identityOpenApi = openApiDocument('Identity API', [
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account (teachers give the faculty code)',
    request: { body: json(RegisterRequest) },
    responses: {
      201: { description: 'Registered', ...json(RegisterResponse) },
      409: { description: 'Email taken' },
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in; sets the session cookies',
    request: { body: json(LoginRequest) },
    responses: { 200: { description: 'The user record with isFirstTime', ...json(LoginResponse) } },
  },
  {
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Rotate the refresh token and issue a new access token',
    responses: { 200: { description: 'New cookies set', ...json(SuccessResponse) } },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'End the session on every device it reached',
    responses: { 200: { description: 'Signed out', ...json(SuccessResponse) } },
  },
  {
    method: 'get',
    path: '/api/auth/me',
    summary: 'The signed-in user',
    responses: { 200: { description: 'The user record with isFirstTime', ...json(LoginResponse) } },
  },
]);
