import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
// The sandbox processor keeps its ledger past the relay: a cut of our database is not the processor's.
process.env.SANDBOX_LEDGER_URL = inject('directDatabaseUrl')
process.env.PAYLOAD_SECRET ||= 'integration-test-secret-0123456789'
process.env.MEDIA_DIR ||= '.data/test-media'
// No minute-by-minute job runner inside the test process (it would keep it alive).
process.env.JOBS_AUTORUN = 'false'
// Integration tests call the auth routes in-process from one address: only the limiter tests limit.
process.env.RATE_LIMIT_IP = '100000/60'
process.env.RATE_LIMIT_ACCOUNT = '100000/60'
process.env.GEOIP_RATE_LIMIT = '100000/60'
// The order reads by public hash: the hostile-input suite reads thousands.
process.env.ORDER_READ_RATE_LIMIT = '1000000/60'
// Many purchases come from one address here: only the card-testing test limits.
process.env.CHECKOUT_RATE_LIMIT = '100000'
// One PBKDF2 iteration per try: the suite solves human-check challenges in milliseconds.
process.env.ALTCHA_COST = '1'
