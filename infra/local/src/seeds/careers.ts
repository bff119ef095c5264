import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** Real-looking job posts (by the demo student and teacher) for /jobs and the profile's job count. */
const JOBS = [
  {
    companyName: 'Infosys',
    role: 'Systems Engineer',
    jobDescription:
      'Campus hiring for the 2027 batch. Java or Python, SQL basics, and three months of training in Mysuru before placement.',
    jobType: 'Full-Time',
    salary: '3.6 LPA',
    city: 'Pune',
    jobLink: 'https://www.infosys.com/careers/',
  },
  {
    companyName: 'Razorpay',
    role: 'Backend Engineering Intern',
    jobDescription:
      'Six-month internship on the payments platform: Go, PostgreSQL, Kafka. Pre-placement offer possible.',
    jobType: 'Intern',
    salary: '60,000 / month',
    city: 'Bengaluru',
    jobLink: 'https://razorpay.com/jobs/',
    linkedinUrl: 'https://www.linkedin.com/company/razorpay/',
  },
  {
    companyName: 'Campus Library',
    role: 'Student Assistant (evenings)',
    jobDescription: 'Help with cataloguing and the issue desk, 6 to 9 pm, three evenings a week.',
    jobType: 'Part-Time',
    salary: '₹150 / hour',
    city: 'On campus',
  },
  {
    companyName: 'Zoho',
    role: 'Member Technical Staff',
    jobDescription:
      'Product engineering roles across Zoho apps. Written test on C and problem solving, then two technical rounds.',
    jobType: 'Full-Time',
    salary: '8 LPA',
    city: 'Chennai',
    jobLink: 'https://www.zoho.com/careers/',
  },
];

/** Interview experiences across companies, with rich rounds, so search has something to find. */
const INTERVIEWS = [
  {
    companyName: 'Google',
    role: 'Software Engineer Intern',
    interviewRounds: 3,
    interviewDate: '2025-09-12',
    salary: '1.1 L / month',
    interviewDifficulty: 'Hard',
    city: 'Bengaluru',
    jobType: 'Intern',
    interviewRoundsDescription:
      '<h2>Online assessment</h2><p>Two problems in 60 minutes: a <strong>sliding window</strong> and a graph BFS on a grid.</p>' +
      '<h2>Technical round 1</h2><ol><li data-list="ordered">Merge intervals, then a follow-up with streaming input.</li><li data-list="ordered">Complexity analysis, out loud.</li></ol>' +
      '<h2>Technical round 2</h2><p>Design a rate limiter; they cared about <em>trade-offs</em> more than the final code.</p>' +
      '<blockquote>Tip: think aloud and test with small cases before saying you are done.</blockquote>',
  },
  {
    companyName: 'Microsoft',
    role: 'Data Scientist',
    interviewRounds: 4,
    interviewDate: '2025-11-03',
    salary: '18 LPA',
    interviewDifficulty: 'Medium',
    city: 'Hyderabad',
    jobType: 'Full-Time',
    interviewRoundsDescription:
      '<p><strong>Round 1:</strong> statistics (p-values, A/B test sample sizes).</p><p><strong>Round 2:</strong> SQL window functions and a pandas exercise.</p>' +
      '<p><strong>Round 3:</strong> case study on Bing search relevance.</p><p><strong>Round 4:</strong> hiring manager, projects and teamwork.</p>' +
      '<p>Resources: <a href="https://www.statlearning.com/">An Introduction to Statistical Learning</a>.</p>',
  },
  {
    companyName: 'Amazon',
    role: 'SDE 1',
    interviewRounds: 4,
    interviewDate: '2025-08-21',
    salary: '32 LPA',
    interviewDifficulty: 'Difficult',
    city: 'Bengaluru',
    jobType: 'Full-Time',
    interviewRoundsDescription:
      '<p>Every round opened with <strong>leadership principles</strong> questions (have a STAR story for each).</p>' +
      '<ol><li data-list="bullet">Arrays and hashing: two-sum variants.</li><li data-list="bullet">Trees: lowest common ancestor.</li><li data-list="bullet">Low-level design of a parking lot.</li><li data-list="bullet">Bar raiser: system design of an order tracker.</li></ol>',
  },
  {
    companyName: 'TCS',
    role: 'Digital Developer',
    interviewRounds: 2,
    interviewDate: '2025-07-30',
    salary: '7 LPA',
    interviewDifficulty: 'Easy',
    city: 'Mumbai',
    jobType: 'Full-Time',
    interviewRoundsDescription:
      '<p>TCS NQT aptitude and coding test, then one combined technical + HR round: OOP concepts, DBMS normalisation, my final-year project.</p>',
  },
  {
    companyName: 'Atlassian',
    role: 'Frontend Engineer Intern',
    interviewRounds: 3,
    interviewDate: '2025-10-08',
    salary: '1.5 L / month',
    interviewDifficulty: 'Medium',
    city: 'Remote',
    jobType: 'Intern + FT',
    interviewRoundsDescription:
      '<h3>Karat screen</h3><p>JavaScript closures and a small DOM task.</p><h3>Code design</h3><p>Build an autocomplete in React with debouncing and keyboard support.</p><h3>Values</h3><p>Atlassian values, with examples from team projects.</p>',
  },
  {
    companyName: 'Société Générale',
    role: 'Analyst, Global Solutions Centre',
    interviewRounds: 3,
    interviewDate: '2025-09-25',
    salary: '12 LPA',
    interviewDifficulty: 'Medium',
    city: 'Bengaluru',
    jobType: 'Full-Time',
    interviewRoundsDescription:
      '<p>Aptitude test, a technical round on Java collections and multithreading, and an HR round about relocation.</p>',
  },
  {
    companyName: 'Flipkart',
    role: 'SDE Intern',
    interviewRounds: 2,
    interviewDate: '2025-08-05',
    salary: '80,000 / month',
    interviewDifficulty: 'Hard',
    city: 'Bengaluru',
    jobType: 'Intern',
    isAnonymous: true,
    interviewRoundsDescription:
      '<p>Machine coding round (90 minutes): a splitwise-like expense sharer with clean classes and tests.</p><p>Problem solving: <code>Dijkstra</code> with a twist and a dynamic programming question on strings.</p>',
  },
];

export const careersSeed: SeedStep = {
  name: 'careers',
  async run(ctx) {
    const { student, teacher } = DEMO_USERS;
    const asStudent = await signedInFetch(ctx.url, student.email, student.password);
    const asTeacher = await signedInFetch(ctx.url, teacher.email, teacher.password);
    for (const [i, job] of JOBS.entries()) {
      const { call } = i % 2 === 0 ? asStudent : asTeacher;
      const res = await call('/api/job/createjobpost', { body: job });
      if (res.status !== 201) throw new Error(`seed job post ${job.companyName}: HTTP ${res.status}`);
    }
    for (const interview of INTERVIEWS) {
      const res = await asStudent.call('/api/interview/create', { body: interview });
      if (res.status !== 201) throw new Error(`seed interview ${interview.companyName}: HTTP ${res.status}`);
    }
  },
};
