import type { z } from 'zod';
import { StudentCommonDataRequest, TeacherCommonDataRequest } from '@campus/contracts/profile';
import { TEACHER_SUBJECTS, type TeacherSubject } from '@campus/contracts/profile-rules';

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
