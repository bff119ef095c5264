import type { z } from 'zod';
import {
  StudentCommonDataRequest,
  TEACHER_SUBJECTS,
  TeacherCommonDataRequest,
  type TeacherSubject,
} from '@campus/contracts/profile';

/** The browser checks with the server's own schemas: same rules, same messages. */
export const TeacherFormSchema = TeacherCommonDataRequest;
export type TeacherFormInput = z.input<typeof TeacherFormSchema>;
export type TeacherFormOutput = z.output<typeof TeacherFormSchema>;

export const StudentFormSchema = StudentCommonDataRequest;
export type StudentFormInput = z.input<typeof StudentFormSchema>;
export type StudentFormOutput = z.output<typeof StudentFormSchema>;

export function isTeacherSubject(value: string): value is TeacherSubject {
  return (TEACHER_SUBJECTS as ReadonlyArray<string>).includes(value);
}
