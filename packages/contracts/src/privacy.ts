/**
 * Who a person writes to about their data (the privacy page, docs/privacy.md). The institute that
 * runs the platform names its grievance officer here before going live: the values below are
 * placeholders an operator replaces (see docs/privacy.md, "Operator notes").
 */
export const PRIVACY_CONTACT = {
  role: 'Grievance Officer, Data Protection Office',
  organisation: 'the institute that runs Campus Connect',
  email: 'dataprotection@institute.example',
} as const;

/**
 * GET: the signed-in user's data from every service as one ZIP, answered by the gateway itself (it
 * gathers each service's `/api/me/export/<name>`), so it is in no service's generated catalogue.
 */
export const PERSONAL_DATA_ARCHIVE_PATH = '/api/me/export';
