import { z } from 'zod';
import { SelfParams } from '@campus/contracts/common';
import { pageQueryDoc } from '@campus/contracts/paging';
import {
  BookUploadsQuery,
  BookUploadsResponse,
  ProfileCountsResponse,
  ProfileDataResponse,
  SaveCommonDataRequest,
  SaveCommonDataResponse,
  StudentCommonDataRequest,
  TeacherCommonDataRequest,
} from '@campus/contracts/profile';
import { BOOK_UPLOADS_MAX_LIMIT, BOOK_UPLOADS_PAGE_SIZE } from '@campus/contracts/profile-rules';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Profiles } from '../domain/profiles';

export function createProfileRoutes(deps: { profiles: Profiles }): AnyRoute[] {
  const { profiles } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/api/commonData',
      operationId: 'saveCommonData',
      summary: "Create or update the signed-in user's common data; the fields follow the user's role",
      access: 'user',
      // The role is the session's, never the body's: the handler picks the schema for it.
      docs: { body: SaveCommonDataRequest },
      // The spec's client treats 201 as success for a first save and for every later edit alike.
      response: { status: 201, description: 'Saved (first time or edit)', body: SaveCommonDataResponse },
      handler: async ({ user, req }) => {
        const data = user.isTeacher
          ? { role: 'teacher' as const, ...TeacherCommonDataRequest.parse(req.body ?? {}) }
          : { role: 'student' as const, ...StudentCommonDataRequest.parse(req.body ?? {}) };
        return {
          success: true as const,
          message: 'Profile saved successfully',
          data: await profiles.saveCommonData(user, data),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/commonData/:userId',
      operationId: 'getProfileCounts',
      summary: 'Books/notes uploaded, job posts and room requests (fundRaisingCount) of the signed-in user',
      access: 'user',
      self: 'userId',
      request: { params: SelfParams },
      response: { description: 'The counts', body: ProfileCountsResponse },
      handler: async ({ user }) => {
        return {
          success: true as const,
          message: 'Counts fetched successfully',
          data: await profiles.counts(user.id),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/commonData/:userId/profile',
      operationId: 'getProfileData',
      summary: "The signed-in user's own common data, to edit it",
      access: 'user',
      self: 'userId',
      request: { params: SelfParams },
      response: {
        description: 'The profile; role fields of the other role are null',
        body: ProfileDataResponse,
      },
      handler: async ({ user }) => {
        return {
          success: true as const,
          message: 'Profile fetched successfully',
          data: await profiles.findProfile(user),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/commonData/:userId/uploads',
      operationId: 'listUploads',
      summary: `The signed-in user's uploaded books and the verdict on each, newest first (${BOOK_UPLOADS_PAGE_SIZE} a page)`,
      access: 'user',
      self: 'userId',
      request: { params: SelfParams, query: BookUploadsQuery },
      docs: {
        query: z.object(
          pageQueryDoc({ defaultLimit: BOOK_UPLOADS_PAGE_SIZE, maxLimit: BOOK_UPLOADS_MAX_LIMIT }),
        ),
      },
      response: { description: 'One page of uploads', body: BookUploadsResponse },
      handler: async ({ user, query }) => {
        const page = await profiles.bookUploads.uploadsOf(user.id, query);
        return {
          success: true as const,
          message: page.total ? 'Uploads fetched successfully' : 'No uploads yet',
          data: page.uploads,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
  ];
}
