import { z } from 'zod';
import { LoginRequest, RegisterRequest } from '@campus/contracts/identity';
import { TEACHER_CODE_MESSAGE } from '@campus/contracts/identity-rules';

/**
 * The register form: the server's RegisterRequest schema (same rules, same messages), with the
 * teacher unique ID required once "Register as Teacher" is ticked. Whether the code is right is
 * only known by the server, which answers with the same message.
 */
export const RegisterFormSchema = RegisterRequest.extend({
  isTeacher: z.boolean(),
  teacherCode: z.string(),
}).superRefine((form, context) => {
  if (form.isTeacher && form.teacherCode.trim() === '') {
    context.addIssue({ code: 'custom', path: ['teacherCode'], message: TEACHER_CODE_MESSAGE });
  }
});
export type RegisterFormInput = z.input<typeof RegisterFormSchema>;
export type RegisterFormOutput = z.output<typeof RegisterFormSchema>;

export const LoginFormSchema = LoginRequest;
export type LoginFormInput = z.input<typeof LoginFormSchema>;
export type LoginFormOutput = z.output<typeof LoginFormSchema>;
