import {
  ProfileCountsResponse,
  ProfileDataResponse,
  SaveCommonDataResponse,
  StudentCommonDataRequest,
  TeacherCommonDataRequest,
} from '@campus/contracts/profile';
import { openApiDocument } from '@campus/service-kit/openapi';
import { z } from 'zod';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const userIdParam = z.object({
  userId: z.string().meta({ description: 'The signed-in user (anyone else: 403)' }),
});

export const profileOpenApi = openApiDocument('Profile API', [
  {
    method: 'post',
    path: '/api/commonData',
    summary: "Create or update the signed-in user's common data; the fields follow the user's role",
    request: { body: json(z.union([TeacherCommonDataRequest, StudentCommonDataRequest])) },
    responses: { 201: { description: 'Saved (first time or edit)', ...json(SaveCommonDataResponse) } },
  },
  {
    method: 'get',
    path: '/api/commonData/{userId}',
    summary: 'Books/notes uploaded, job posts and room requests (fundRaisingCount) of the signed-in user',
    request: { params: userIdParam },
    responses: {
      200: { description: 'The counts', ...json(ProfileCountsResponse) },
      403: { description: 'Another user' },
    },
  },
  {
    method: 'get',
    path: '/api/commonData/{userId}/profile',
    summary: "The signed-in user's own common data, to edit it",
    request: { params: userIdParam },
    responses: {
      200: {
        description: 'The profile; role fields of the other role are null',
        ...json(ProfileDataResponse),
      },
      403: { description: 'Another user' },
    },
  },
]);
