import { randomBytes } from 'node:crypto';
import { TEACHER_SUBJECTS } from '@campus/contracts/profile-rules';
import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

type DemoBook = { title: string; subject: string; semester?: number; branch?: string; tags: string[] };

/** The subjects the demo teacher reviews (when her profile has not set them yet). */
const DEMO_TEACHER_SUBJECTS = [
  'Data Structure and Algorithm',
  'Database Management System',
  'Operating System',
  'Computer Networks',
];
/** A second teacher who reviews everything else, so every subject has accepted books. */
const LIBRARIAN = { name: 'Prof. Rajesh Menon', email: 'librarian@campus.test' };

const BOOKS: DemoBook[] = [
  {
    title: 'Data Structure Notes: Trees, Heaps and Graphs',
    subject: 'Data Structure and Alogrithm',
    semester: 3,
    tags: ['trees', 'heaps', 'graphs'],
  },
  {
    title: 'Linked Lists, Stacks and Queues Explained',
    subject: 'Data Structure and Alogrithm',
    semester: 3,
    tags: ['linked list', 'stack', 'queue'],
  },
  {
    title: 'Dynamic Programming Problem Set',
    subject: 'Data Structure and Alogrithm',
    semester: 4,
    tags: ['dp', 'practice'],
  },
  {
    title: 'Hashing and Collision Resolution',
    subject: 'Data Structure and Alogrithm',
    semester: 3,
    tags: ['hashing'],
  },
  {
    title: 'Normalization up to BCNF with Examples',
    subject: 'Database Management System',
    semester: 4,
    tags: ['dbms', 'normal forms'],
  },
  {
    title: 'SQL Joins and Subqueries Cheat Sheet',
    subject: 'Database Management System',
    semester: 4,
    tags: ['sql', 'joins'],
  },
  {
    title: 'Transactions, Locking and Recovery',
    subject: 'Database Management System',
    semester: 5,
    tags: ['acid', 'concurrency'],
  },
  {
    title: 'ER Diagrams Practice Questions',
    subject: 'Database Management System',
    semester: 4,
    tags: ['er model'],
  },
  {
    title: 'CPU Scheduling Algorithms with Gantt Charts',
    subject: 'Operating System',
    semester: 4,
    tags: ['scheduling', 'fcfs', 'round robin'],
  },
  {
    title: 'Deadlocks and the Banker’s Algorithm',
    subject: 'Operating System',
    semester: 4,
    tags: ['deadlock'],
  },
  {
    title: 'Paging, Segmentation and Virtual Memory',
    subject: 'Operating System',
    semester: 5,
    tags: ['memory', 'paging'],
  },
  {
    title: 'TCP/IP Model and Subnetting Handbook',
    subject: 'Computer Networks',
    semester: 5,
    tags: ['tcp', 'ip', 'subnetting'],
  },
  {
    title: 'Routing Algorithms: Distance Vector and Link State',
    subject: 'Computer Networks',
    semester: 5,
    tags: ['routing'],
  },
  {
    title: 'Data Link Layer: Framing and Error Control',
    subject: 'Computer Networks',
    semester: 5,
    tags: ['crc', 'sliding window'],
  },
  {
    title: 'Pipelining and Hazards Lecture Slides',
    subject: 'Computer Architecture and Organization',
    semester: 3,
    tags: ['pipeline'],
  },
  {
    title: 'Cache Memory Mapping Techniques',
    subject: 'Computer Architecture and Organization',
    semester: 3,
    tags: ['cache', 'memory'],
  },
  {
    title: 'Object Oriented Programming in Java: Complete Notes',
    subject: 'Object Oriented Programming',
    semester: 2,
    tags: ['java', 'oop'],
  },
  {
    title: 'C++ Classes, Templates and the STL',
    subject: 'Object Oriented Programming',
    semester: 2,
    tags: ['c++', 'stl'],
  },
  { title: 'SDLC Models Compared', subject: 'Software Engineering', semester: 6, tags: ['sdlc', 'agile'] },
  {
    title: 'Software Testing: Black Box and White Box',
    subject: 'Software Engineering',
    semester: 6,
    tags: ['testing'],
  },
  {
    title: 'Théorie des Automates: DFA and NFA',
    subject: 'Theory of Computation',
    semester: 5,
    tags: ['dfa', 'nfa', 'automata'],
  },
  {
    title: 'Context Free Grammars and Pushdown Automata',
    subject: 'Theory of Computation',
    semester: 5,
    tags: ['cfg', 'pda'],
  },
  {
    title: 'Discrete Mathematics: Graph Theory Notes',
    subject: 'Discrete Mathematics',
    semester: 1,
    tags: ['graphs', 'euler'],
  },
  {
    title: 'Propositional Logic and Proof Techniques',
    subject: 'Discrete Mathematics',
    semester: 1,
    tags: ['logic', 'proofs'],
  },
  {
    title: 'Virtualization and Hypervisors',
    subject: 'Cloud Computing',
    semester: 7,
    tags: ['vm', 'hypervisor'],
  },
  {
    title: 'Docker and Kubernetes Crash Course',
    subject: 'Cloud Computing',
    semester: 7,
    tags: ['docker', 'kubernetes'],
  },
  {
    title: 'Lexical Analysis and Lex Programs',
    subject: 'Compiler Design',
    semester: 6,
    tags: ['lexer', 'lab'],
  },
  {
    title: 'LL(1) and LR Parsing Tables Worked Out',
    subject: 'Compiler Design',
    semester: 6,
    tags: ['parsing'],
  },
  {
    title: 'Greedy Algorithms and Huffman Coding',
    subject: 'Design and Analysis of Algorithm',
    semester: 5,
    tags: ['greedy', 'huffman'],
  },
  {
    title: 'Divide and Conquer: Master Theorem Notes',
    subject: 'Design and Analysis of Algorithm',
    semester: 5,
    tags: ['recurrences'],
  },
  {
    title: 'NP-Completeness Lecture Notes',
    subject: 'Design and Analysis of Algorithm',
    semester: 6,
    tags: ['np', 'reductions'],
  },
  // Left pending for the demo teacher to review on /bookstatus.
  {
    title: 'Graph Algorithms: BFS, DFS and Shortest Paths',
    subject: 'Data Structure and Alogrithm',
    semester: 4,
    tags: ['bfs', 'dfs', 'dijkstra'],
  },
  {
    title: 'Indexing and B+ Trees Handwritten Notes',
    subject: 'Database Management System',
    semester: 5,
    tags: ['indexing', 'b+ tree'],
  },
  {
    title: 'Process Synchronization and Semaphores',
    subject: 'Operating System',
    semester: 4,
    tags: ['semaphores', 'mutex'],
  },
  {
    title: 'Previous Year Papers: Computer Networks',
    subject: 'Computer Networks',
    semester: 5,
    tags: ['papers', 'exam'],
  },
];
const PENDING_FOR_DEMO_TEACHER = 4;

const expectOk = async (res: Response, what: string) => {
  if (!res.ok) throw new Error(`library seed, ${what}: HTTP ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ data?: { _id: string } }>;
};

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`library seed: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A living library: ~35 books and notes across the twelve subjects, uploaded by the demo student,
 * reviewed by teachers of their subjects (through the profile service's event, as in real use),
 * a few left pending for the demo teacher, some likes and bookmarks.
 */
export const librarySeed: SeedStep = {
  name: 'library-books',
  async run({ url, teacherCode }) {
    // The librarian only reviews here; nobody signs in as them, so the password is not kept.
    const librarianPassword = randomBytes(18).toString('base64url');
    const register = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...LIBRARIAN, password: librarianPassword, isTeacher: true, teacherCode }),
    });
    // 409: a database kept from an earlier run already holds the demo library.
    if (register.status === 409) return;
    if (register.status !== 201)
      throw new Error(`library seed, librarian: HTTP ${register.status} ${await register.text()}`);

    const student = await signedInFetch(url, DEMO_USERS.student.email, DEMO_USERS.student.password);
    const teacher = await signedInFetch(url, DEMO_USERS.teacher.email, DEMO_USERS.teacher.password);
    const librarian = await signedInFetch(url, LIBRARIAN.email, librarianPassword);
    const teacherMe = (await (await teacher.call('/api/auth/me')).json()) as { isFirstTime: boolean };
    if (teacherMe.isFirstTime)
      await expectOk(
        await teacher.call('/api/commonData', {
          body: { department: 'Computer Science', subjects: DEMO_TEACHER_SUBJECTS },
        }),
        'demo teacher subjects',
      );
    await expectOk(
      await librarian.call('/api/commonData', {
        body: { department: 'Central Library', subjects: [...TEACHER_SUBJECTS] },
      }),
      'librarian subjects',
    );

    const ids: string[] = [];
    for (const book of BOOKS) {
      const created = await expectOk(
        await student.call('/api/book', {
          body: {
            branch: 'Computer Science',
            ...book,
            driveLink: `https://drive.google.com/file/d/campus-demo-${ids.length + 1}/view`,
          },
        }),
        `upload "${book.title}"`,
      );
      ids.push(created.data!._id);
    }
    const keepPending = new Set(ids.slice(-PENDING_FOR_DEMO_TEACHER));

    // Each teacher accepts what reached their queue (subjects travel as events, so wait for them).
    for (const reviewer of [teacher, librarian]) {
      const pendingIds = async () => {
        const res = await reviewer.call(`/api/book/pending/${reviewer.user._id}`);
        return res.ok ? ((await res.json()) as { data: Array<{ _id: string }> }).data.map((b) => b._id) : [];
      };
      await waitUntil(
        async () => (await pendingIds()).length > 0,
        `${reviewer.user.name}'s subjects to reach the library`,
      );
      for (const id of await pendingIds())
        if (!keepPending.has(id))
          await expectOk(
            await reviewer.call(`/api/book/${id}/status`, { method: 'PUT', body: { status: 1 } }),
            'review',
          );
    }

    // One declined upload with the reviewer's reason, so the student's My uploads shows every verdict.
    const declined = await expectOk(
      await student.call('/api/book', {
        body: {
          title: 'Computer Networks Scanned Notes (unshared link)',
          branch: 'Computer Science',
          subject: 'Computer Networks',
          semester: 5,
          tags: ['tcp', 'scanned'],
          driveLink: 'https://drive.google.com/file/d/campus-demo-declined/view',
        },
      }),
      'upload the declined demo book',
    );
    await expectOk(
      await librarian.call(`/api/book/${declined.data!._id}/status`, {
        method: 'PUT',
        body: {
          status: 2,
          reason: 'The Drive link asks for access. Share it with "Anyone with the link" and upload it again.',
        },
      }),
      'decline the demo book',
    );

    const accepted = ids.filter((id) => !keepPending.has(id));
    for (const id of accepted.filter((_, i) => i % 3 === 0))
      await expectOk(await student.call(`/api/book/${id}/like`, { method: 'PATCH', body: {} }), 'like');
    for (const id of accepted.filter((_, i) => i % 4 === 1))
      await expectOk(await teacher.call(`/api/book/${id}/like`, { method: 'PATCH', body: {} }), 'like');
    for (const id of accepted.slice(0, 3))
      await expectOk(
        await student.call('/api/book/bookmark', { method: 'PATCH', body: { bookId: id } }),
        'bookmark',
      );
  },
};
