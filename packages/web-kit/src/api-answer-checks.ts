/**
 * Every answer checked against its contract, in tests and development builds: a server that drifts
 * from packages/contracts fails a test (or shows in the developer's console), not a student's screen.
 * The schemas (`@campus/contracts/generated/api-answer-schemas`) are installed by the web test set-up
 * and by the shell's development build; a production page never loads them, and checks nothing.
 */
interface AnswerSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: ReadonlyArray<Issue> } };
}
interface Issue {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/** An answer that is not what the operation's contract says. */
export class AnswerContractError extends Error {
  constructor(
    readonly operation: string,
    readonly issues: ReadonlyArray<Issue>,
  ) {
    super(
      `${operation} answered outside its contract: ${issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join('.') || '(answer)'}: ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'AnswerContractError';
  }
}

let schemas: Readonly<Record<string, AnswerSchema>> | null = null;

export function installApiAnswerChecks(answerSchemas: Readonly<Record<string, AnswerSchema>>): void {
  schemas = answerSchemas;
}

export function removeApiAnswerChecks(): void {
  schemas = null;
}

/** Throws AnswerContractError when checks are installed and the answer breaks `METHOD path`'s schema. */
export function checkAnswer(operation: string, answer: unknown): void {
  const schema = schemas?.[operation];
  if (!schema) return;
  const result = schema.safeParse(answer);
  if (!result.success) throw new AnswerContractError(operation, result.error.issues);
}
