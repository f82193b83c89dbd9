import { POST as tokenizeRoute } from '@/app/api/payments/sandbox/tokenize/route'
import { callRoute } from './routes'

/** A sandbox card token (the test Visa unless another number is given), made in-process. */
export const sandboxCardToken = async (number = '4242424242424242') =>
  String((await callRoute(tokenizeRoute, { path: '/api/payments/sandbox/tokenize', body: { number, expMonth: 12, expYear: 2031, cvc: '123' } })).body.token)
