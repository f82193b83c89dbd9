import { signUpFormProps } from '@/components/auth/sign-up-props'
import type { BlockProps } from '../types'
import { SignUpFormLoader } from './SignUpFormLoader.client'

/** A heading, a line of text and the sign-up form (the same island as `/sign-up`). */
export async function SignUp({ block, locale }: BlockProps<'signUp'>) {
  const props = await signUpFormProps(locale, block.variant === 'download' ? 'download' : 'standard')
  return (
    <section className="py-16" data-block="sign-up" data-island="">
      <div className="container-site grid gap-8 md:grid-cols-2">
        <div>
          <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
          {block.text && <p className="mt-3 text-lg text-muted">{block.text}</p>}
        </div>
        <SignUpFormLoader {...props} />
      </div>
    </section>
  )
}
