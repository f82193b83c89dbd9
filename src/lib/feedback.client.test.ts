import { describe, expect, it } from 'vitest'
import { closeFeedback, feedbackState, setLoading, showError, showSuccess, subscribeFeedback } from './feedback.client'

describe('the global feedback store (spec "Global state")', () => {
  it('opens one modal at a time, closes both, and tells its listeners', () => {
    const seen: string[] = []
    const stop = subscribeFeedback(() => seen.push(JSON.stringify({ error: feedbackState().error.open, success: feedbackState().success.open, loading: feedbackState().isLoading })))
    showSuccess('Almost done', 'Check your <b>inbox</b>.')
    expect(feedbackState().success).toEqual({ open: true, title: 'Almost done', message: 'Check your <b>inbox</b>.' })
    showError('Subscription on a@b.co already exists.', { title: 'Subscription failed' })
    expect(feedbackState().success.open).toBe(false)
    expect(feedbackState().error).toEqual({ open: true, message: 'Subscription on a@b.co already exists.', title: 'Subscription failed' })
    closeFeedback()
    expect(feedbackState().error.open || feedbackState().success.open).toBe(false)
    showError()
    expect(feedbackState().error).toMatchObject({ open: true, message: '' })
    closeFeedback()
    stop()
    showSuccess('After', 'unsubscribed')
    closeFeedback()
    expect(seen).toEqual([
      '{"error":false,"success":true,"loading":false}',
      '{"error":true,"success":false,"loading":false}',
      '{"error":false,"success":false,"loading":false}',
      '{"error":true,"success":false,"loading":false}',
      '{"error":false,"success":false,"loading":false}',
    ])
  })

  it('sets the loading flag, and only changes state when it changes', () => {
    let calls = 0
    const stop = subscribeFeedback(() => calls++)
    setLoading(true)
    setLoading(true)
    expect(feedbackState().isLoading).toBe(true)
    setLoading(false)
    expect(feedbackState().isLoading).toBe(false)
    expect(calls).toBe(2)
    stop()
  })
})
