import type { CompanyListQuery, CompanyPage, CompanySummary } from '@campus/contracts/careers';
import { CAREERS_MESSAGES, COMPANY_PAGE_ITEMS } from '@campus/contracts/careers-rules';
import { pageCount, pageWindow } from '@campus/contracts/paging';
import type { AuthUser } from '@campus/service-kit/auth';
import type { Db } from '@campus/service-kit/db';
import { AppError } from '@campus/service-kit/errors';
import { createCompanyStore } from '../data/company-store';
import { toInterview, toJobPost, type Paged } from './careers';

/** Today's date (UTC) as the job posts' apply-by dates are written. */
export const todayOf = (now: () => Date) => now().toISOString().slice(0, 10);

/**
 * Company pages (issue 28): a company is its name whatever the case, accents and spaces; its page
 * gathers what the public sees of it (visible experiences, open job posts) and the stats over them.
 */
export function createCompanies(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  const store = createCompanyStore(db);

  return {
    async list(query: CompanyListQuery): Promise<Paged<CompanySummary>> {
      const found = await store.list(query.q, pageWindow(query), todayOf(now));
      return {
        items: found.rows,
        page: query.page,
        pages: pageCount(found.total, query.limit),
        total: found.total,
      };
    },

    /**
     * The page of the company the path names (a slug, or a name: both are slugged the same way);
     * 404 when it has nothing public. The viewer's own experiences carry `mine`.
     */
    async page(segment: string, user: AuthUser | undefined): Promise<CompanyPage> {
      const slug = segment.trim() && segment.length <= 300 ? await store.slugOf(segment) : '';
      const today = todayOf(now);
      const facts = slug ? await store.facts(slug, today) : undefined;
      if (!facts) throw AppError.notFound(CAREERS_MESSAGES.companyNotFound);
      const [experiences, jobs] = await Promise.all([
        store.experiences(slug, COMPANY_PAGE_ITEMS),
        store.jobs(slug, COMPANY_PAGE_ITEMS, today),
      ]);
      const { name, ...stats } = facts;
      return {
        name,
        experiences: experiences.map((r) => toInterview(r, user?.id)),
        jobs: jobs.map((r) => toJobPost(r, user?.id)),
        stats,
      };
    },
  };
}

export type Companies = ReturnType<typeof createCompanies>;
