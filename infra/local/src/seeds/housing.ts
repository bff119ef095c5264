import { DEMO_USERS } from '../demo-data';
import { signedInFetch, type SeedStep } from './seed-step';

/** Students who only appear in the room finder: each posts their own requests, so ownership is real. */
const HOUSING_STUDENTS = [
  { name: 'Priya Kulkarni', email: 'priya.kulkarni@campus.test' },
  { name: 'Rohan Deshpande', email: 'rohan.deshpande@campus.test' },
  { name: 'Sneha Patil', email: 'sneha.patil@campus.test' },
] as const;
const HOUSING_STUDENT_PASSWORD = 'housing-demo-pass';

/** A move-in day `weeks` from now, so the demo never shows only past dates. */
const inWeeks = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/** The body of POST /api/flat (packages/contracts/src/housing.ts), with the move-in day relative to today. */
interface Seeded {
  name: string;
  description: string;
  location: string;
  genderPreference: 'any' | 'male' | 'female';
  rent: number;
  contactInfo: string;
  inWeeks: number;
}

/** A dozen requests around the campus: rents, genders, maps links and place names, phones and emails. */
const REQUESTS: Record<string, Seeded[]> = {
  [DEMO_USERS.student.email]: [
    {
      name: 'Room in 2BHK, 5 min walk from main gate',
      description:
        'Looking for one flatmate for a furnished 2BHK. Wi-Fi, washing machine and a cook for dinner. Quiet building, no smoking.',
      location: 'https://maps.google.com/?q=Shivajinagar+Pune',
      genderPreference: 'male',
      rent: 7500,
      contactInfo: '+91 98220 11223',
      inWeeks: 3,
    },
    {
      name: 'Shared room near Hostel Road',
      description: 'Twin-sharing room, meals included, laundry twice a week. Ideal for first years.',
      location: 'Hostel Road, opposite the canteen',
      genderPreference: 'any',
      rent: 4500,
      contactInfo: 'student@campus.test',
      inWeeks: 1,
    },
    {
      name: 'Third flatmate for a 3BHK in Aundh',
      description:
        'Two second-year mechanical students, tidy and quiet on weekdays. Shared cooking, split bills, parking for a bike.',
      location: 'https://maps.google.com/?q=Aundh+Pune',
      genderPreference: 'male',
      rent: 6000,
      contactInfo: '+91 98500 66778',
      inWeeks: 6,
    },
  ],
  'priya.kulkarni@campus.test': [
    {
      name: 'Girls-only 3BHK in Kothrud',
      description:
        'Two of us (final year CSE) need a third flatmate. Big balcony, 24x7 water, bus stop for campus right outside.',
      location: 'https://maps.google.com/?q=Kothrud+Pune',
      genderPreference: 'female',
      rent: 9000,
      contactInfo: 'priya.kulkarni@campus.test',
      inWeeks: 4,
    },
    {
      name: 'Single room for the summer internship',
      description:
        'Sub-letting my room from May to July while I am away. Fully furnished, AC, attached bath.',
      location: 'Model Colony, Pune',
      genderPreference: 'female',
      rent: 11000,
      contactInfo: '+91 99700 44556',
      inWeeks: 8,
    },
    {
      name: 'PG with meals, Deccan',
      description: 'Clean PG with three meals a day and a study room. Curfew 10:30 pm.',
      location: 'https://www.openstreetmap.org/search?query=Deccan%20Gymkhana%20Pune',
      genderPreference: 'female',
      rent: 8000,
      contactInfo: '020 2567 8910',
      inWeeks: 2,
    },
    {
      name: 'Budget room, 10 min by cycle',
      description:
        'Simple room in a family house, kitchen access, cycle parking. Good for anyone on a budget.',
      location: 'Aundh, near the vegetable market',
      genderPreference: 'any',
      rent: 3500,
      contactInfo: '+91 90110 22334',
      inWeeks: 1,
    },
  ],
  'rohan.deshpande@campus.test': [
    {
      name: 'Flatmate wanted for 2BHK in Baner',
      description:
        'Working on a startup with a friend, need a third for the spare room. Gym in the society, fast fibre.',
      location: 'https://maps.google.com/?q=Baner+Pune',
      genderPreference: 'male',
      rent: 12000,
      contactInfo: 'rohan.deshpande@campus.test',
      inWeeks: 5,
    },
    {
      name: 'Hostel-style room, 4 sharing',
      description: 'Cheapest option near campus: four beds, lockers, common kitchen. Mess next door.',
      location: 'Gokhale Nagar, lane 3',
      genderPreference: 'male',
      rent: 2800,
      contactInfo: '+91 98901 55667',
      inWeeks: 0,
    },
    {
      name: '1RK studio near the metro',
      description: 'Taking over my lease: small studio with kitchenette, 2 minutes from the metro station.',
      location: 'https://maps.google.com/?q=Shivajinagar+Metro+Station',
      genderPreference: 'any',
      rent: 14000,
      contactInfo: '+91 97300 77889',
      inWeeks: 10,
    },
  ],
  'sneha.patil@campus.test': [
    {
      name: 'Room in a 3BHK with two M.Tech students',
      description:
        'Calm flat, we study a lot. Split bills, shared cooking on weekends. Near the library gate.',
      location: 'Senapati Bapat Road',
      genderPreference: 'any',
      rent: 6500,
      contactInfo: 'sneha.patil@campus.test',
      inWeeks: 6,
    },
    {
      name: 'Girls PG, all meals, Erandwane',
      description: 'Homely PG run by a retired teacher, home food, Wi-Fi, 15 minutes by bus.',
      location: 'https://maps.google.com/?q=Erandwane+Pune',
      genderPreference: 'female',
      rent: 7000,
      contactInfo: '+91 94220 33445',
      inWeeks: 3,
    },
  ],
};

/** A dozen room-mate requests around the campus, through the public API, so the room finder is alive. */
export const housingSeed: SeedStep = {
  name: 'housing',
  async run(ctx) {
    for (const student of HOUSING_STUDENTS) {
      const res = await fetch(`${ctx.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...student, password: HOUSING_STUDENT_PASSWORD, isTeacher: false }),
      });
      if (res.status !== 201 && res.status !== 409)
        throw new Error(`seed housing student ${student.email}: HTTP ${res.status}`);
    }
    const passwords: Record<string, string> = { [DEMO_USERS.student.email]: DEMO_USERS.student.password };
    for (const [email, requests] of Object.entries(REQUESTS)) {
      const { call } = await signedInFetch(ctx.url, email, passwords[email] ?? HOUSING_STUDENT_PASSWORD);
      for (const { inWeeks: weeks, ...request } of requests) {
        const res = await call('/api/flat', { body: { ...request, moveInDate: inWeeks(weeks) } });
        if (res.status !== 201) throw new Error(`seed flat request "${request.name}": HTTP ${res.status}`);
      }
    }
  },
};
