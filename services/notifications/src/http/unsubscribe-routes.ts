import type { Request, Response } from 'express';
import { z } from 'zod';
import { NOTIFICATIONS_MESSAGES } from '@campus/contracts/notifications-rules';
import { UnsubscribeQuery, UnsubscribeResult } from '@campus/contracts/notifications';
import { defineRoute } from '@campus/service-kit/define-route';
import { AppError } from '@campus/service-kit/errors';
import type { Unsubscribe } from '../email/unsubscribe';
import { confirmPage, donePage, invalidPage } from '../email/unsubscribe-page';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/** A person's browser (a form it submits asks for HTML); a mail client's one-click POST gets JSON. */
const wantsPage = (req: Request) => req.accepts(['application/json', 'text/html']) === 'text/html';

const invalid = (error: unknown) => error instanceof AppError && error.status === 400;

/** What a handler returns once it answered with a page itself (the kit sends nothing after that). */
const PAGE_SENT = undefined as unknown as UnsubscribeResult;

/**
 * The link in every email's footer and List-Unsubscribe header. Public (the token is the proof, and
 * mail clients send no cookie); nothing changes on GET.
 */
export function createUnsubscribeRoutes(deps: { unsubscribe: Unsubscribe }) {
  const { unsubscribe } = deps;
  return [
    defineRoute({
      method: 'get',
      path: UNSUBSCRIBE_PATH,
      operationId: 'confirmUnsubscribe',
      summary:
        "The page an email's unsubscribe link opens: what it would turn off and one button (a POST); changes nothing. Invalid token: the page says so, 400",
      access: 'public',
      request: { query: UnsubscribeQuery },
      response: { description: 'An HTML page (text/html)', body: z.any() },
      handler: ({ query, req, res }) => {
        res.set('Cache-Control', 'no-store');
        // A client that asks for JSON and not HTML gets the platform's JSON answers; a link opened
        // anywhere else (any Accept, or none) gets the page.
        if (req.accepts(['text/html', 'application/json']) === 'application/json') {
          const { what } = unsubscribe.describe(query.token);
          return { success: true as const, message: `This link turns off ${what}; POST to it to confirm.` };
        }
        try {
          const { what } = unsubscribe.describe(query.token);
          sendPage(res, 200, confirmPage(what, query.token!));
        } catch (error) {
          if (!invalid(error)) throw error;
          sendPage(res, 400, invalidPage(NOTIFICATIONS_MESSAGES.unsubscribeInvalid));
        }
      },
    }),
    defineRoute({
      method: 'post',
      path: UNSUBSCRIBE_PATH,
      operationId: 'unsubscribeEmail',
      summary:
        "One-click unsubscribe (RFC 8058): turns off the email the token names (one kind, or the daily digest) for its user, keeping the in-app choice. Mail clients POST `List-Unsubscribe=One-Click`; a browser's form gets a page. Invalid token: 400 UNSUBSCRIBE_INVALID",
      access: 'public',
      request: { query: UnsubscribeQuery },
      response: { description: 'Unsubscribed (again is the same)', body: UnsubscribeResult },
      handler: async ({ query, req, res }) => {
        res.set('Cache-Control', 'no-store');
        const page = wantsPage(req);
        try {
          await unsubscribe.unsubscribe(query.token);
        } catch (error) {
          if (!page || !invalid(error)) throw error;
          sendPage(res, 400, invalidPage(NOTIFICATIONS_MESSAGES.unsubscribeInvalid));
          return PAGE_SENT;
        }
        if (page) {
          sendPage(res, 200, donePage(NOTIFICATIONS_MESSAGES.unsubscribed));
          return PAGE_SENT;
        }
        return { success: true as const, message: NOTIFICATIONS_MESSAGES.unsubscribed };
      },
    }),
  ];
}
