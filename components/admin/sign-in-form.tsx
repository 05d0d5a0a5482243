"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { loginBodySchema } from "@/lib/auth/schemas";

const signInSchema = loginBodySchema.pick({ code: true, password: true }).extend({
  code: z.string().trim().min(1, "Enter your organization code"),
  email: z.email("Enter the email address of your account"),
  password: z.string().min(1, "Enter your password"),
});
type SignInValues = z.infer<typeof signInSchema>;

const MESSAGES: Record<string, string> = {
  invalid: "Wrong organization code, email or password.",
  role: "This account cannot use the admin: it needs the admin, editor or translator role.",
  blocked: "Too many failed attempts. Wait a few seconds, then try again.",
  invalid_input: "Enter the organization code, your email and your password.",
};

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [unblockToken, setUnblockToken] = useState<string>();
  const { register, handleSubmit, formState } = useForm<SignInValues>({ resolver: zodResolver(signInSchema), defaultValues: { code: "", email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setError(undefined);
    const result = await signIn("credentials", { ...values, unblockToken: unblockToken ?? "", redirect: false });
    if (result?.ok && !result.error) {
      router.push(callbackUrl);
      router.refresh();
      return;
    }
    const [kind, token] = (result?.error ?? "invalid").split(":");
    // The throttle's unblock token is kept only in this form, for the next attempt.
    setUnblockToken(kind === "blocked" ? token : undefined);
    setError(MESSAGES[kind ?? "invalid"] ?? MESSAGES.invalid);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign in">
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Field label="Organization code" autoComplete="organization" {...register("code")} error={formState.errors.code?.message} />
      <Field label="Email" type="email" autoComplete="username" {...register("email")} error={formState.errors.email?.message} />
      <Field label="Password" type="password" autoComplete="current-password" {...register("password")} error={formState.errors.password?.message} />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
