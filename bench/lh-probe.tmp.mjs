import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './lib.mjs';
const server = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu'] });
const { lhr } = await lighthouse(`${server.url}/#/login`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
console.log(lhr.categories.performance.score, lhr.audits['largest-contentful-paint'].numericValue, lhr.audits['first-contentful-paint'].numericValue);
console.log(JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details, null, 1).slice(0, 3000));
await chrome.kill(); await server.stop(); process.exit(0);
