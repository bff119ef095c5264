/** Accounts seeded on first start so a newcomer can sign in at once (printed by `npm start`). */
export const DEMO_USERS = {
  student: {
    name: 'Aarav Sharma',
    email: 'student@campus.test',
    password: 'student-demo-pass',
    isTeacher: false,
  },
  teacher: {
    name: 'Dr. Meera Iyer',
    email: 'teacher@campus.test',
    password: 'teacher-demo-pass',
    isTeacher: true,
  },
} as const;
