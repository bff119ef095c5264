import { sql } from 'drizzle-orm';
import { searchBooksSql, type SearchFilters } from '@campus/library-service/search-sql';
import { libraryService } from '@campus/library-service/service';
import type { DatabaseHandle } from '@campus/service-kit/db';
import { startBenchService } from './support/bench-service';
import { measureEndpointAgainstBaseline } from './support/endpoint-against-baseline';
import { fetchJson, queryString } from './support/fetch-json';
import { timed } from './support/latency-stats';
import { textArray } from './support/seed-sql';

const BOOKS = Number(process.env.BENCH_BOOKS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

/** Six topics per subject (title words and tags), so 100,000 rows read like a real catalogue. */
const TOPICS: Record<string, Array<[string, string[]]>> = {
  'Computer Architecture and Organization': [
    ['Pipelining and Hazards', ['pipeline', 'hazards']],
    ['Cache Memory Design', ['cache', 'memory']],
    ['Instruction Set Architecture', ['isa', 'risc']],
    ['Booth Multiplication', ['arithmetic', 'booth']],
    ['Microprogrammed Control Unit', ['control unit']],
    ['I/O Organization and DMA', ['dma', 'interrupts']],
  ],
  'Computer Networks': [
    ['TCP Congestion Control', ['tcp', 'transport']],
    ['Routing Algorithms', ['routing', 'dijkstra']],
    ['OSI and TCP/IP Models', ['osi', 'layers']],
    ['Subnetting Made Easy', ['ip', 'subnet']],
    ['Data Link Layer Protocols', ['sliding window', 'arq']],
    ['Network Security Basics', ['cryptography', 'firewall']],
  ],
  'Operating System': [
    ['CPU Scheduling', ['scheduling', 'round robin']],
    ['Deadlocks and Banker Algorithm', ['deadlock', 'bankers']],
    ['Paging and Virtual Memory', ['paging', 'virtual memory']],
    ['Process Synchronization', ['semaphores', 'mutex']],
    ['File Systems', ['inode', 'disk']],
    ['Threads and Concurrency', ['threads', 'concurrency']],
  ],
  'Database Management System': [
    ['Normalization up to BCNF', ['dbms', 'normalization']],
    ['SQL Joins and Subqueries', ['sql', 'joins']],
    ['Transactions and Concurrency Control', ['acid', 'locking']],
    ['ER Diagrams', ['er model', 'design']],
    ['Indexing and B+ Trees', ['indexing', 'b+ tree']],
    ['Relational Algebra', ['relational algebra']],
  ],
  'Data Structure and Alogrithm': [
    ['Data Structure Trees and Graphs', ['trees', 'graphs']],
    ['Linked Lists and Stacks', ['linked list', 'stack']],
    ['Sorting Techniques', ['sorting', 'quicksort']],
    ['Hashing and Hash Tables', ['hashing']],
    ['Heaps and Priority Queues', ['heap', 'priority queue']],
    ['Dynamic Programming Patterns', ['dp', 'memoization']],
  ],
  'Object Oriented Programming': [
    ['Inheritance and Polymorphism', ['oop', 'java']],
    ['Design Patterns in Java', ['patterns', 'java']],
    ['C++ Classes and Templates', ['c++', 'templates']],
    ['Exception Handling', ['exceptions']],
    ['SOLID Principles', ['solid', 'design']],
    ['Abstraction and Encapsulation', ['oop']],
  ],
  'Software Engineering': [
    ['SDLC Models', ['sdlc', 'waterfall']],
    ['Agile and Scrum', ['agile', 'scrum']],
    ['Software Testing Techniques', ['testing', 'black box']],
    ['UML Diagrams', ['uml']],
    ['Software Project Estimation', ['cocomo', 'estimation']],
    ['Requirements Engineering', ['srs', 'requirements']],
  ],
  'Theory of Computation': [
    ['Finite Automata', ['dfa', 'nfa']],
    ['Regular Expressions and Languages', ['regex', 'regular languages']],
    ['Context Free Grammars', ['cfg', 'pda']],
    ['Turing Machines', ['turing machine']],
    ['Decidability', ['halting problem']],
    ['Pumping Lemma', ['pumping lemma']],
  ],
  'Discrete Mathematics': [
    ['Graph Theory', ['graphs', 'euler']],
    ['Propositional Logic', ['logic', 'proofs']],
    ['Combinatorics', ['permutations', 'counting']],
    ['Sets Relations and Functions', ['sets', 'relations']],
    ['Recurrence Relations', ['recurrences']],
    ['Group Theory', ['groups', 'algebra']],
  ],
  'Cloud Computing': [
    ['Virtualization', ['hypervisor', 'vm']],
    ['AWS Fundamentals', ['aws', 'ec2']],
    ['Containers and Kubernetes', ['docker', 'kubernetes']],
    ['Cloud Service Models', ['iaas', 'paas', 'saas']],
    ['MapReduce and Hadoop', ['hadoop', 'big data']],
    ['Cloud Security', ['security', 'iam']],
  ],
  'Compiler Design': [
    ['Lexical Analysis', ['lexer', 'tokens']],
    ['LL and LR Parsing', ['parsing', 'lr']],
    ['Syntax Directed Translation', ['sdt']],
    ['Intermediate Code Generation', ['three address code']],
    ['Code Optimization', ['optimization']],
    ['Symbol Tables and Runtime', ['symbol table', 'activation record']],
  ],
  'Design and Analysis of Algorithm': [
    ['Divide and Conquer', ['divide and conquer', 'merge sort']],
    ['Greedy Algorithms', ['greedy', 'huffman']],
    ['Asymptotic Notation', ['big o', 'complexity']],
    ['Backtracking and Branch and Bound', ['backtracking']],
    ['NP Completeness', ['np', 'reductions']],
    ['Shortest Path Algorithms', ['dijkstra', 'bellman ford']],
  ],
};
const KINDS = [
  'Notes',
  'Lecture Slides',
  'Question Bank',
  'Handwritten Notes',
  'Previous Year Papers',
  'Cheat Sheet',
  'Lab Manual',
];
const BRANCHES = ['Computer Science', 'Information Technology', 'Electronics', 'Electrical'];

/** What students type: words, prefixes while typing, filters, sorts, and the browse page. */
const QUERIES: Array<Omit<SearchFilters, 'limit' | 'offset'> & { label: string }> = [
  { label: 'q="data struc" (prefix)', q: 'data struc' },
  { label: 'q="operating system"', q: 'operating system' },
  { label: 'q="compiler"', q: 'compiler' },
  { label: 'q="sql joins"', q: 'sql joins' },
  { label: 'q="dbms" + subject', q: 'dbms', subject: 'Database Management System' },
  { label: 'q="theory comput" likes_desc', q: 'theory comput', sort: 'likes_desc' },
  { label: 'q="dijkstra"', q: 'dijkstra' },
  { label: 'q="turing machines notes"', q: 'turing machines notes' },
  { label: 'browse newest', q: '' },
  { label: 'browse subject + likes_desc', q: '', subject: 'Computer Networks', sort: 'likes_desc' },
];

async function seed(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  await db.execute(sql`create temporary table bench_topics (n int, subject text, title text, tags text[])`);
  let n = 0;
  for (const [subject, topics] of Object.entries(TOPICS))
    for (const [title, tags] of topics)
      await db.execute(
        sql`insert into bench_topics select ${n++}, ${subject}, ${title}, array(select jsonb_array_elements_text(${JSON.stringify(tags)}::jsonb))`,
      );
  const kinds = textArray(KINDS);
  const branches = textArray(BRANCHES);
  const batch = 10_000;
  for (let from = 1; from <= BOOKS; from += batch) {
    const to = Math.min(BOOKS, from + batch - 1);
    // Deterministic spread: topic by a multiplicative hash of i, ~92% accepted, likes 0..299, dates over 3 years.
    await db.execute(sql`
      insert into library.books (title, subject, branch, semester, tags, drive_link, uploaded_by, likes_count, status, verified_by, created_at)
      select t.title || ' ' || (${kinds})[1 + (i * 7) % ${KINDS.length}] || case when i % 4 = 0 then ' Unit ' || (1 + i % 5) else '' end,
             t.subject, (${branches})[1 + i % ${BRANCHES.length}], 1 + i % 8, t.tags,
             'https://drive.google.com/file/d/bench' || i || '/view', gen_random_uuid(), (i * 2654435761) % 300,
             case when i % 13 = 0 then 'pending' else 'accepted' end,
             case when i % 13 = 0 then null else 'Dr. Bench' end,
             now() - ((i * 40503) % 94608000) * interval '1 second'
      from generate_series(${from}::bigint, ${to}::bigint) i
      join bench_topics t on t.n = (i * 2654435761) % ${n}`);
  }
  await db.execute(sql`analyze library.books`);
}

/** The naive way: an unindexed case-insensitive substring scan over the same rows, with its count. */
function baselineSql(f: Omit<SearchFilters, 'limit' | 'offset'>) {
  const pattern = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const text = f.q
    ? sql` and (b.title ilike ${pattern} or b.subject ilike ${pattern} or array_to_string(b.tags, ' ') ilike ${pattern})`
    : sql``;
  const subject = f.subject ? sql` and b.subject = ${f.subject}` : sql``;
  const order =
    f.sort === 'likes_desc'
      ? sql`b.likes_count desc, b.created_at desc`
      : f.sort === 'likes_asc'
        ? sql`b.likes_count asc, b.created_at desc`
        : sql`b.created_at desc`;
  return sql`select b.*, count(*) over () as total from library.books b
    where b.status = 'accepted'${text}${subject} order by ${order} limit 20`;
}

/**
 * Library search at 100,000 books: the real endpoint (HTTP, the service's full path) and its SQL,
 * against an unindexed ILIKE scan of the same rows for the same queries, interleaved per round.
 */
export async function run(): Promise<void> {
  const service = await startBenchService(libraryService);
  const { database } = service;
  try {
    const seconds = (await timed(() => seed(database))) / 1000;
    console.log(
      `${database.kind}: seeded ${BOOKS} books in ${seconds.toFixed(1)} s; ${ROUNDS} rounds of ${QUERIES.length} queries`,
    );
    await measureEndpointAgainstBaseline({
      queries: QUERIES,
      rounds: ROUNDS,
      answer: {
        endpoint: (q) =>
          fetchJson(
            `${service.url}/api/book/search?${queryString({ q: q.q, subject: q.subject, sort: q.sort })}`,
          ),
        sql: (q) => database.db.execute(searchBooksSql({ ...q, limit: 20, offset: 0 })),
        baseline: (q) => database.db.execute(baselineSql(q)),
      },
      describe: {
        endpoint: 'GET /api/book/search (HTTP)',
        sql: 'indexed search SQL alone',
        baseline: 'naive ILIKE scan baseline',
        target: 'endpoint p95 < 20 ms, >= 20x',
      },
    });
  } finally {
    await service.stop();
  }
}
