import { downloadRoute } from '../download-route'
import { otherMethods } from '@/lib/http'

const route = downloadRoute('passwarden')

export const GET = route.GET

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET')
