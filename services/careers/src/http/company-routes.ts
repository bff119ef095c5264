import { z } from 'zod';
import { CompanyListQuery, CompanyListResponse, CompanyPage } from '@campus/contracts/careers';
import {
  CAREERS_MESSAGES,
  COMPANY_MAX_LIMIT,
  COMPANY_MAX_QUERY_LENGTH,
  COMPANY_PAGE_SIZE,
} from '@campus/contracts/careers-rules';
import { pageQueryDoc } from '@campus/contracts/paging';
import { defineRoute, type AnyRoute } from '@campus/service-kit/define-route';
import type { Companies } from '../domain/companies';

const SlugParams = z.object({
  slug: z.string().meta({ description: "The company's slug (or its name: it is slugged the same way)" }),
});

/** Company pages (issue 28): every company, and everything public about one. */
export function createCompanyRoutes({ companies }: { companies: Companies }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/companies',
      operationId: 'listCompanies',
      summary:
        'Companies (one per name whatever its case, accents or spaces), most experiences and open jobs first; ?q= finds them by name',
      access: 'public',
      request: { query: CompanyListQuery },
      docs: {
        query: z.object({
          q: z.string().max(COMPANY_MAX_QUERY_LENGTH).optional(),
          ...pageQueryDoc({ defaultLimit: COMPANY_PAGE_SIZE, maxLimit: COMPANY_MAX_LIMIT }),
        }),
      },
      response: { description: 'One page of companies', body: CompanyListResponse },
      handler: async ({ query }) => {
        const page = await companies.list(query);
        return {
          success: true as const,
          message: page.total === 0 ? 'No companies found' : 'Companies found',
          data: page.items,
          page: page.page,
          pages: page.pages,
          total: page.total,
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/companies/:slug',
      operationId: 'getCompany',
      summary:
        "A company's page: its most common spelling, its newest experiences and open jobs (50 each), and stats over all of them (rounds, difficulty, roles, salaries as reported, visits by month)",
      access: 'public',
      request: { params: SlugParams },
      response: { description: "The company's page", body: CompanyPage },
      errors: { 404: CAREERS_MESSAGES.companyNotFound },
      handler: async ({ params, user, res }) => {
        const page = await companies.page(params.slug, user);
        if (page.experiences.some((i) => i.mine) || page.jobs.some((j) => j.postedBy === user?.id))
          res.set('Cache-Control', 'private, no-store');
        return page;
      },
    }),
  ];
}
