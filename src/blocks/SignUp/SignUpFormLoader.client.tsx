'use client'

import { lazy, type ComponentProps, type ComponentType } from 'react'
import type { SignUpForm as Form } from '@/components/auth/SignUpForm.client'

type Props = ComponentProps<typeof Form>

/**
 * The sign-up form as a block: rendered in place on the server, a chunk of its own in the browser,
 * so content pages without the block do not load it (as `ConnectionTest/ConnectionTestLoader`).
 */
const SignUpForm: ComponentType<Props> =
  typeof window === 'undefined'
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('@/components/auth/SignUpForm.client') as { SignUpForm: ComponentType<Props> }).SignUpForm
    : lazy(() => import('@/components/auth/SignUpForm.client').then((module) => ({ default: module.SignUpForm })))

export function SignUpFormLoader(props: Props) {
  return <SignUpForm {...props} />
}
