import { downloadRoute } from '../download-route'

const route = downloadRoute('passwarden')

export const GET = route.GET
export const POST = route.POST
export const PUT = route.POST
export const PATCH = route.POST
export const DELETE = route.POST
