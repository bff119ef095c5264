import { z } from 'zod';
import {
  CreateFlatRequest,
  FlatDeletedResponse,
  FlatListQuery,
  FlatListResponse,
  FlatResponse,
  MyFlatsQuery,
  MyFlatInterestListResponse,
  MyFlatInterestsQuery,
  SetFlatFilledRequest,
  UpdateFlatRequest,
  CreateInterestRequest,
  DecideInterestRequest,
  FlatInterestListResponse,
  FlatInterestResponse,
  FlatPhotoKeyParams,
  FlatPhotoUploadResponse,
} from '@campus/contracts/housing';
import {
  FLAT_MAX_LIMIT,
  FLAT_MAX_QUERY_LENGTH,
  FLAT_MAX_RENT,
  FLAT_MESSAGES,
  FLAT_PAGE_SIZE,
  FLAT_PHOTOS_MAX,
  FLAT_SORTS,
  FOOD_PREFERENCES,
  GENDER_PREFERENCES,
  SLEEP_SCHEDULES,
  SMOKING_RULES,
} from '@campus/contracts/housing-rules';
import { SelfParams } from '@campus/contracts/common';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { currentUser } from '@campus/service-kit/auth';
import { AppError } from '@campus/service-kit/errors';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { BlobStore } from '@campus/service-kit/uploads/blob-store';
import { sendBlob } from '@campus/service-kit/uploads/serve-blob';
import type { Request } from 'express';
import { PHOTO_FIELD, PHOTO_UPLOADS_PER_HOUR, type FlatPhotos } from '../domain/flat-photos';
import type { FlatPage, Flats } from '../domain/flats';

const FlatIdParams = z.object({ id: z.string().meta({ description: 'The flat request id' }) });
const InterestParams = FlatIdParams.extend({
  interestId: z.string().meta({ description: 'An interest in that flat request' }),
});
const pageDoc = pageQueryDoc({ defaultLimit: FLAT_PAGE_SIZE, maxLimit: FLAT_MAX_LIMIT });

const pageAnswer = (page: FlatPage) => ({
  success: true as const,
  message: page.total === 0 ? FLAT_MESSAGES.empty : FLAT_MESSAGES.found,
  data: page.flats,
  page: page.page,
  pages: page.pages,
  total: page.total,
});

/** The spec's /api/flat calls, shaped as its table says. Each route is declared once with its OpenAPI. */
export function createHousingRoutes({
  flats,
  photos,
  photoBlobs,
}: {
  flats: Flats;
  photos: FlatPhotos;
  /** Where photo variants are stored (the service's blob table). */
  photoBlobs: BlobStore;
}): AnyRoute[] {
  /** The request its owner manages (filled, renew, interests): another user 403, a missing or hidden-from-them one 404. */
  const ownedFlat = (req: Request, id: string, forbiddenMessage: string = FLAT_MESSAGES.notOwnerManage) =>
    requireOwner(req, {
      load: () => flats.find(id, currentUser(req)),
      ownerOf: (flat) => flat.userId,
      notFoundMessage: FLAT_MESSAGES.notFound,
      forbiddenMessage,
    });
  return [
    defineRoute({
      method: 'get',
      path: '/api/flat',
      operationId: 'listFlats',
      summary: `Open flat requests (not filled, not expired), newest first (or by rent), filtered, ${FLAT_PAGE_SIZE} a page; contactInfo for signed-in users only`,
      access: 'public',
      request: { query: FlatListQuery },
      docs: {
        query: z.object({
          q: z
            .string()
            .max(FLAT_MAX_QUERY_LENGTH)
            .optional()
            .meta({ description: 'Text in the name, location or description (any case)' }),
          minRent: z.number().int().min(0).max(FLAT_MAX_RENT).optional(),
          maxRent: z.number().int().min(0).max(FLAT_MAX_RENT).optional(),
          genderPreference: z.enum(GENDER_PREFERENCES).optional().meta({
            description: 'male or female: requests open to them (theirs and any); any: open to anyone only',
          }),
          moveInFrom: z.string().optional().meta({ description: 'YYYY-MM-DD, inclusive' }),
          moveInTo: z.string().optional().meta({ description: 'YYYY-MM-DD, inclusive' }),
          food: z.enum(FOOD_PREFERENCES).optional().meta({
            description:
              'veg or non-veg: households of that food and any; any: households with no food rule only',
          }),
          smoking: z.enum(SMOKING_RULES).optional().meta({ description: 'That smoking rule exactly' }),
          sleep: z.enum(SLEEP_SCHEDULES).optional().meta({
            description: 'early or late: that schedule and flexible; flexible: flexible only',
          }),
          sort: z.enum(FLAT_SORTS).optional().meta({ description: 'Default newest' }),
          ...pageDoc,
        }),
      },
      response: { description: 'One page of flat requests and the number of pages', body: FlatListResponse },
      handler: async ({ user, query, res }) => {
        // The answer depends on who asks (contact details): no shared cache may keep a signed-in copy.
        res.vary('Authorization').vary('Cookie');
        if (user) res.set('Cache-Control', 'private, no-store');
        return pageAnswer(await flats.list(user, query));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/flat/photos',
      operationId: 'uploadFlatPhoto',
      summary: `Upload a photo for a flat request (multipart, field \`${PHOTO_FIELD}\`): JPEG, PNG, WebP or GIF judged by content, at most 8 MB and 8000 px a side; re-encoded to WebP widths without metadata (no EXIF, no location). Then name its \`url\` in the create or edit's \`photos\` (at most ${FLAT_PHOTOS_MAX}); one no request takes is deleted after a day`,
      access: 'user',
      docs: { upload: { field: PHOTO_FIELD } },
      response: {
        status: 201,
        description: 'Where the photo is served (`url`, the largest width) and every width',
        body: FlatPhotoUploadResponse,
      },
      errors: {
        413: 'The file is over 8 MB',
        415: 'Not multipart, or not an image by its bytes',
        422: 'The image is too large in pixels, or unreadable',
        429: `Over ${PHOTO_UPLOADS_PER_HOUR} photos in an hour: UPLOAD_QUOTA_EXCEEDED with Retry-After`,
        503: 'Too many images being processed in this process: IMAGE_WORK_BUSY with Retry-After',
      },
      handler: ({ user, req }) => photos.upload(user, req),
    }),
    defineRoute({
      method: 'get',
      path: '/api/flat/photo/:key',
      operationId: 'getFlatPhoto',
      summary:
        'A photo variant (content-addressed: cached for a year, immutable). A hidden request’s photo: only its owner and teachers, not cached by shared caches',
      access: 'public',
      request: { params: FlatPhotoKeyParams },
      response: { description: 'The image bytes (image/webp)', body: z.any() },
      errors: { 404: 'No such photo (deleted with its request, or its request is hidden)' },
      handler: async ({ res, params, user }) => {
        const access = await photos.access(params.key, user);
        if (access === 'denied') throw AppError.notFound(FLAT_MESSAGES.photoNotFound, 'FILE_NOT_FOUND');
        // Only its owner and teachers see it while it is hidden: no cache keeps it then.
        await sendBlob(res, photoBlobs, params.key, { private: access === 'private' });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/flat/my/:userId',
      operationId: 'listMyFlats',
      summary: `The signed-in user's own flat requests, newest first (self only; ${FLAT_PAGE_SIZE} a page)`,
      access: 'user',
      self: 'userId',
      request: { params: SelfParams, query: MyFlatsQuery },
      docs: { query: z.object(pageDoc) },
      response: { description: 'One page of the user’s flat requests', body: FlatListResponse },
      handler: async ({ user, query }) => pageAnswer(await flats.listOwn(user, query)),
    }),
    // Before every `/api/flat/:id…` route: Express matches in the order declared, and this path's
    // `interests` must never be read as a request id.
    defineRoute({
      method: 'get',
      path: '/api/flat/interests/mine',
      operationId: 'listMyFlatInterests',
      summary: `Rooms I asked about: the signed-in student's own interests, newest first, each with its request (filled and expired too) and the owner's contact only when the owner accepted that interest; a request a moderator hid is left out (${FLAT_PAGE_SIZE} a page)`,
      access: 'user',
      request: { query: MyFlatInterestsQuery },
      docs: { query: z.object(pageDoc) },
      response: { description: 'One page of the student’s interests', body: MyFlatInterestListResponse },
      handler: async ({ user, query, res }) => {
        res.set('Cache-Control', 'private, no-store');
        const page = await flats.listMyInterests(user, query);
        return {
          success: true as const,
          message: page.total === 0 ? FLAT_MESSAGES.myInterestsEmpty : FLAT_MESSAGES.myInterestsFound,
          data: page.interests,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/flat',
      operationId: 'createFlat',
      summary: 'Create a flat request (its owner is the signed-in user, whatever the body says)',
      access: 'user',
      idempotencyKey: true,
      request: { body: CreateFlatRequest },
      response: { status: 201, description: 'Created', body: FlatResponse },
      handler: async ({ user, body }) => ({
        success: true as const,
        message: FLAT_MESSAGES.created,
        data: await flats.create(user, body),
      }),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/flat/:id',
      operationId: 'updateFlat',
      summary:
        'Edit a flat request (its owner only): any of the create form’s fields, with the same rules; answers it as edited',
      access: 'user',
      request: { params: FlatIdParams, body: UpdateFlatRequest },
      response: { description: 'Edited', body: FlatResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request' },
      handler: async ({ req, params, body }) => {
        const { user, resource } = await requireOwner(req, {
          load: () => flats.find(params.id, currentUser(req)),
          ownerOf: (flat) => flat.userId,
          notFoundMessage: FLAT_MESSAGES.notFound,
          forbiddenMessage: FLAT_MESSAGES.notOwnerEdit,
        });
        return {
          success: true as const,
          message: FLAT_MESSAGES.updated,
          data: await flats.update(user, resource, body),
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/flat/:id/filled',
      operationId: 'setFlatFilled',
      summary:
        'Mark a flat request filled (out of the public list, still in its owner’s) or open again (its owner only)',
      access: 'user',
      request: { params: FlatIdParams, body: SetFlatFilledRequest },
      response: { description: 'The request as it is now', body: FlatResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request' },
      handler: async ({ req, params, body }) => {
        const { user, resource } = await ownedFlat(req, params.id);
        return {
          success: true as const,
          message: body.filled ? FLAT_MESSAGES.filledSet : FLAT_MESSAGES.reopened,
          data: await flats.setFilled(user, resource, body.filled),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/flat/:id/renew',
      operationId: 'renewFlat',
      summary: 'Renew a flat request (its owner only): it expires 60 days from now',
      access: 'user',
      request: { params: FlatIdParams },
      response: { description: 'The request with its new expiry', body: FlatResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request' },
      handler: async ({ req, params }) => {
        const { user, resource } = await ownedFlat(req, params.id);
        return {
          success: true as const,
          message: FLAT_MESSAGES.renewed,
          data: await flats.renew(user, resource),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/flat/:id/interest',
      operationId: 'showFlatInterest',
      summary:
        'I’m interested: a short message to the owner of an open flat request (not one’s own: 403; once: 409); pending until the owner answers',
      access: 'user',
      request: { params: FlatIdParams, body: CreateInterestRequest },
      response: { status: 201, description: 'The interest, pending', body: FlatInterestResponse },
      errors: {
        403: 'Own flat request',
        404: 'No such flat request',
        409: 'Already interested, or filled or expired',
      },
      handler: async ({ user, params, body }) => {
        const flat = await flats.find(params.id, user);
        if (!flat) throw AppError.notFound(FLAT_MESSAGES.notFound);
        return {
          success: true as const,
          message: FLAT_MESSAGES.interestSent,
          data: await flats.showInterest(user, flat, body),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/flat/:id/interests',
      operationId: 'listFlatInterests',
      summary:
        'The interests in a flat request, oldest first, with each student’s name and message (its owner only)',
      access: 'user',
      request: { params: FlatIdParams },
      response: { description: 'Every interest in it', body: FlatInterestListResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request' },
      handler: async ({ req, params, res }) => {
        const { resource } = await ownedFlat(req, params.id, FLAT_MESSAGES.notOwnerInterests);
        res.set('Cache-Control', 'private, no-store');
        return {
          success: true as const,
          message: FLAT_MESSAGES.interestsFound,
          data: await flats.interestsIn(resource),
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/flat/:id/interests/:interestId',
      operationId: 'decideFlatInterest',
      summary:
        'Accept (that student sees the contact) or decline an interest in a flat request (its owner only)',
      access: 'user',
      request: { params: InterestParams, body: DecideInterestRequest },
      response: { description: 'The interest as answered', body: FlatInterestResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request or interest' },
      handler: async ({ req, params, body }) => {
        const { user, resource } = await ownedFlat(req, params.id, FLAT_MESSAGES.notOwnerInterests);
        return {
          success: true as const,
          message: FLAT_MESSAGES.interestDecided(body.status),
          data: await flats.decideInterest(user, resource, params.interestId, body),
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/flat/:id',
      operationId: 'deleteFlat',
      summary: 'Delete a flat request (its owner only)',
      access: 'user',
      request: { params: FlatIdParams },
      response: { description: 'Deleted', body: FlatDeletedResponse },
      errors: { 403: 'Not the owner', 404: 'No such flat request' },
      handler: async ({ req, params }) => {
        const { resource } = await requireOwner(req, {
          load: () => flats.find(params.id, currentUser(req)),
          ownerOf: (flat) => flat.userId,
          notFoundMessage: FLAT_MESSAGES.notFound,
          forbiddenMessage: FLAT_MESSAGES.notOwner,
        });
        await flats.remove(resource);
        return { success: true as const, message: FLAT_MESSAGES.deleted, data: { _id: resource.id } };
      },
    }),
  ];
}
