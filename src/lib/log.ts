// The process's one JSON logger (scripts/lib/log.mjs): route handlers, services and Payload log
// through it, each line carrying the request's id.
export { logger } from '../../scripts/lib/log.mjs'
