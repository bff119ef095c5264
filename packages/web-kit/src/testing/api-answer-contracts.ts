// Run before every web test (jest.config.js `setupFilesAfterEnv`): every answer a screen's test
// serves through the API client is checked against the operation's contract, so a fixture (and the
// screen written against it) cannot drift from what the services answer.
import { apiAnswerSchemas } from '@campus/contracts/generated/api-answer-schemas';
import { installApiAnswerChecks } from '@campus/web-kit/api-client';

installApiAnswerChecks(apiAnswerSchemas);
