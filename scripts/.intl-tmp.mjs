import { chromium } from 'playwright-core'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] })
for (const tag of ['en-US', 'ar', 'ru-RU', 'ja-JP']) {
  const page = await browser.newPage()
  await page.goto('http://localhost:3100/robots.txt')
  const r = await page.evaluate((tag) => {
    const t = []
    let a = performance.now(); new Intl.NumberFormat(tag).format(1.5); t.push(['plain', performance.now() - a])
    a = performance.now(); new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(1.5); t.push(['currency', performance.now() - a])
    a = performance.now(); new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(2.5); t.push(['currency2', performance.now() - a])
    a = performance.now(); new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date()); t.push(['date', performance.now() - a])
    a = performance.now(); (12.5).toFixed(2); t.push(['toFixed', performance.now() - a])
    return t.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')
  }, tag)
  console.log(tag, r)
  await page.close()
}
await browser.close()
