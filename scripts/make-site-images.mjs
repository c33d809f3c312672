// Draws the default site images (illustrations made for this project, no external sources) and writes
// them to public/site as WebP. Run once after changing a drawing: node scripts/make-site-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './build-lib.mjs';

const out = path.join(root, 'public', 'site');
mkdirSync(out, { recursive: true });

const W = 960;
const H = 600;
const sky = (a, b) =>
  `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`;
const sun = (x, y, r = 50) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#FDE68A"/>`;
const ground = (color = '#86EFAC') => `<rect y="${H - 120}" width="${W}" height="120" fill="${color}"/>`;
const tree = (x, s = 1) =>
  `<g transform="translate(${x} ${H - 120}) scale(${s})"><rect x="-8" y="-70" width="16" height="70" fill="#92400E"/><circle cy="-95" r="45" fill="#16A34A"/><circle cx="-25" cy="-75" r="30" fill="#22C55E"/><circle cx="25" cy="-75" r="30" fill="#15803D"/></g>`;
const windows = (x0, y0, cols, rows, w = 50, h = 40, gap = 20, color = '#BFDBFE') =>
  Array.from({ length: cols * rows }, (_, i) => {
    const c = i % cols;
    const r = Math.floor(i / cols);
    return `<rect x="${x0 + c * (w + gap)}" y="${y0 + r * (h + gap)}" width="${w}" height="${h}" rx="4" fill="${color}"/>`;
  }).join('');
const person = (x, y, shirt, s = 1) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><circle cy="-70" r="18" fill="#F5C9A0"/><rect x="-20" y="-50" width="40" height="55" rx="12" fill="${shirt}"/><rect x="-16" y="5" width="12" height="40" fill="#1E3A8A"/><rect x="4" y="5" width="12" height="40" fill="#1E3A8A"/></g>`;
const board = (x, y, w, h, text) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#14532D" stroke="#A16207" stroke-width="10"/>${text}`;

const scenes = [
  // 1 Fachada
  `${sky('#93C5FD', '#E0F2FE')}${sun(820, 100)}${ground()}<rect x="230" y="200" width="500" height="280" fill="#F8FAFC"/><polygon points="210,210 480,90 750,210" fill="#3B82F6"/><rect x="440" y="380" width="80" height="100" fill="#8B5CF6"/>${windows(270, 240, 6, 2, 50, 45, 26)}<rect x="400" y="150" width="160" height="36" rx="6" fill="#10B981"/>${tree(120, 1.2)}${tree(840, 1)}`,
  // 2 Sala de aula
  `${sky('#FEF3C7', '#FDE68A')}<rect y="450" width="${W}" height="150" fill="#D97706"/>${board(220, 80, 520, 230, '<text x="480" y="210" font-family="sans-serif" font-size="56" fill="#F0FDF4" text-anchor="middle">2 + 3 = 5</text>')}${[150, 380, 610, 840].map((x) => `<rect x="${x - 70}" y="420" width="140" height="20" fill="#78350F"/>${person(x, 420, '#3B82F6', 0.9)}`).join('')}`,
  // 3 Biblioteca
  `${sky('#EDE9FE', '#DDD6FE')}${[0, 1, 2].map((r) => `<rect x="80" y="${90 + r * 150}" width="800" height="14" fill="#78350F"/>${Array.from({ length: 26 }, (_, i) => `<rect x="${95 + i * 30}" y="${90 + r * 150 - 100 + (i % 3) * 8}" width="24" height="${100 - (i % 3) * 8}" fill="${['#3B82F6', '#8B5CF6', '#10B981', '#F59E0B', '#EF4444'][(i + r) % 5]}"/>`).join('')}`).join('')}`,
  // 4 Laboratório de ciências
  `${sky('#CCFBF1', '#99F6E4')}<rect y="380" width="${W}" height="220" fill="#E2E8F0"/><rect x="100" y="360" width="760" height="24" fill="#475569"/><path d="M300 200 h60 v80 l60 80 h-180 l60 -80 z" fill="#A7F3D0" stroke="#0F766E" stroke-width="6"/><rect x="520" y="230" width="40" height="130" rx="18" fill="#BFDBFE" stroke="#1D4ED8" stroke-width="6"/><rect x="620" y="260" width="40" height="100" rx="18" fill="#FBCFE8" stroke="#BE185D" stroke-width="6"/><circle cx="340" cy="170" r="14" fill="#A7F3D0"/><circle cx="360" cy="130" r="10" fill="#A7F3D0"/>`,
  // 5 Quadra
  `${sky('#BAE6FD', '#E0F2FE')}${sun(120, 90, 40)}<rect y="300" width="${W}" height="300" fill="#F97316"/><rect x="80" y="330" width="800" height="240" fill="none" stroke="#fff" stroke-width="6"/><line x1="480" y1="330" x2="480" y2="570" stroke="#fff" stroke-width="6"/><circle cx="480" cy="450" r="60" fill="none" stroke="#fff" stroke-width="6"/>${person(330, 520, '#10B981')}${person(630, 520, '#8B5CF6')}<circle cx="480" cy="380" r="22" fill="#EA580C" stroke="#7C2D12" stroke-width="3"/>`,
  // 6 Informática
  `${sky('#E0E7FF', '#C7D2FE')}<rect y="430" width="${W}" height="170" fill="#64748B"/>${[170, 480, 790].map((x) => `<rect x="${x - 110}" y="230" width="220" height="150" rx="10" fill="#1E293B"/><rect x="${x - 98}" y="242" width="196" height="126" fill="#38BDF8"/><text x="${x}" y="320" font-family="monospace" font-size="34" fill="#0C4A6E" text-anchor="middle">&lt;/&gt;</text><rect x="${x - 15}" y="380" width="30" height="40" fill="#334155"/><rect x="${x - 80}" y="420" width="160" height="14" fill="#334155"/>`).join('')}`,
  // 7 Artes
  `${sky('#FCE7F3', '#FBCFE8')}<rect x="300" y="90" width="360" height="300" fill="#fff" stroke="#A16207" stroke-width="12"/><circle cx="420" cy="200" r="50" fill="#F59E0B"/><path d="M320 370 L430 250 L520 330 L580 280 L640 370 Z" fill="#10B981"/><rect x="460" y="390" width="14" height="180" fill="#A16207"/>${[120, 200, 780, 860].map((x, i) => `<circle cx="${x}" cy="${470 + (i % 2) * 40}" r="30" fill="${['#EF4444', '#3B82F6', '#8B5CF6', '#F59E0B'][i]}"/>`).join('')}`,
  // 8 Horta
  `${sky('#DCFCE7', '#BBF7D0')}${sun(800, 90, 45)}<rect y="330" width="${W}" height="270" fill="#A16207"/>${[380, 460, 540].map((y) => Array.from({ length: 9 }, (_, i) => `<g transform="translate(${90 + i * 95} ${y})"><path d="M0 0 C -25 -40 -5 -60 0 -60 C 5 -60 25 -40 0 0" fill="#16A34A"/><path d="M0 0 C -40 -20 -40 -40 -30 -40 C -20 -40 -5 -20 0 0" fill="#22C55E"/></g>`).join('')).join('')}`,
  // 9 Feira de ciências
  `${sky('#FEF9C3', '#FEF08A')}<rect y="420" width="${W}" height="180" fill="#CBD5E1"/>${[200, 480, 760].map((x, i) => `<rect x="${x - 120}" y="160" width="240" height="180" fill="#fff" stroke="${['#3B82F6', '#8B5CF6', '#10B981'][i]}" stroke-width="10"/><rect x="${x - 140}" y="340" width="280" height="80" fill="${['#3B82F6', '#8B5CF6', '#10B981'][i]}"/><circle cx="${x}" cy="250" r="${40 + i * 6}" fill="${['#93C5FD', '#C4B5FD', '#6EE7B7'][i]}"/>`).join('')}`,
  // 10 Formatura
  `${sky('#1E3A8A', '#6D28D9')}${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 97) % W}" cy="${(i * 53) % 300}" r="${2 + (i % 3)}" fill="#FDE68A"/>`).join('')}<rect y="470" width="${W}" height="130" fill="#312E81"/>${[200, 380, 580, 760].map((x) => `${person(x, 470, '#111827', 1.3)}<polygon points="${x - 35},${470 - 115} ${x},${470 - 130} ${x + 35},${470 - 115} ${x},${470 - 100}" fill="#111827"/>`).join('')}`,
];

const about = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scenes[0]}${person(300, 560, '#8B5CF6', 1.1)}${person(620, 560, '#10B981', 1)}${person(680, 560, '#F59E0B', 0.7)}</svg>`;

async function writeWebp(name, svg, width, height, quality = 72) {
  const data = await sharp(Buffer.from(svg)).resize(width, height).webp({ quality }).toBuffer();
  writeFileSync(path.join(out, name), data);
  console.log(name, data.length);
}

for (const [index, scene] of scenes.entries()) {
  await writeWebp(
    `galeria-${index + 1}.webp`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${scene}</svg>`,
    W,
    H,
  );
}
await writeWebp('sobre.webp', about, 800, 500);

const faces = [
  ['#FDE68A', '#B45309', '#8B5CF6'],
  ['#E0F2FE', '#1F2937', '#3B82F6'],
  ['#DCFCE7', '#7C2D12', '#10B981'],
];
for (const [index, [bg, hair, shirt]] of faces.entries()) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160"><rect width="160" height="160" fill="${bg}"/><circle cx="80" cy="64" r="36" fill="${hair}"/><circle cx="80" cy="72" r="30" fill="#F5C9A0"/><rect x="30" y="110" width="100" height="70" rx="40" fill="${shirt}"/><circle cx="70" cy="70" r="3" fill="#1F2937"/><circle cx="90" cy="70" r="3" fill="#1F2937"/><path d="M70 84 Q80 92 90 84" stroke="#1F2937" stroke-width="3" fill="none"/></svg>`;
  await writeWebp(`depoimento-${index + 1}.webp`, svg, 160, 160, 80);
}

const owl = (body, belly) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 140" width="120" height="140"><ellipse cx="60" cy="80" rx="46" ry="54" fill="${body}"/><ellipse cx="60" cy="95" rx="28" ry="34" fill="${belly}"/><circle cx="42" cy="58" r="16" fill="#fff"/><circle cx="78" cy="58" r="16" fill="#fff"/><circle cx="44" cy="60" r="7" fill="#1F2937"/><circle cx="76" cy="60" r="7" fill="#1F2937"/><polygon points="60,68 54,78 66,78" fill="#F59E0B"/><polygon points="20,30 34,44 22,50" fill="${body}"/><polygon points="100,30 86,44 98,50" fill="${body}"/><rect x="30" y="128" width="60" height="8" rx="4" fill="#F59E0B"/></svg>\n`;
writeFileSync(path.join(out, 'mascote-hori.svg'), owl('#8B5CF6', '#EDE9FE'));
writeFileSync(path.join(out, 'mascote-horizon.svg'), owl('#10B981', '#D1FAE5'));
