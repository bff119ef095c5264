import { z } from 'zod';
import {
  CreateFlatRequest,
  FlatDeletedResponse,
  FlatListQuery,
  FlatListResponse,
  FlatResponse,
  MyFlatsQuery,
} from '@campus/contracts/housing';
import {
  FLAT_MAX_LIMIT,
  FLAT_MAX_QUERY_LENGTH,
  FLAT_MAX_RENT,
  FLAT_MESSAGES,
  FLAT_PAGE_SIZE,
  FLAT_SORTS,
  GENDER_PREFERENCES,
} from '@campus/contracts/housing-rules';
import { SelfParams } from '@campus/contracts/common';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import { requireOwner } from '@campus/service-kit/require-owner';
import type { FlatPage, Flats } from '../domain/flats';

const FlatIdParams = z.object({ id: z.string().meta({ description: 'The flat request id' }) });
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
export function createHousingRoutes({ flats }: { flats: Flats }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/flat',
      operationId: 'listFlats',
      summary: `Flat requests, newest first (or by rent), filtered, ${FLAT_PAGE_SIZE} a page; contactInfo for signed-in users only`,
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
          load: () => flats.find(params.id),
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
