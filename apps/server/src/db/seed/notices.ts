/**
 * Demo notices: the `notice_category` dictionary and fourteen published notices per tenant in Chinese
 * and English, some for students or staff only, with tables, lists, links, a picture and a PDF
 * attachment (saved in the file store when one is given; tests seed without files).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { FileStore } from '@server/gateways/file-store';
import { dicts } from '../schema';
import { noticeAttachments, notices } from '../schema-notice';
import { barChartPng, guidePdf } from './notice-files';

const CATEGORIES = [
  { dictKey: 'fees', dictValue: '缴费通知', remark: 'Fees', sort: 1 },
  { dictKey: 'finance', dictValue: '财务公告', remark: 'Finance office', sort: 2 },
  { dictKey: 'salary', dictValue: '薪酬发放', remark: 'Salary', sort: 3 },
  { dictKey: 'general', dictValue: '综合通知', remark: 'General', sort: 4 },
];

interface NoticeSeed {
  category: string;
  audience: string[];
  title: string;
  titleEn: string;
  body: string;
  bodyEn: string;
  table?: boolean;
  picture?: boolean;
  pdf?: boolean;
}

const FEE_TABLE = (en: boolean) =>
  en
    ? '<table><thead><tr><th>Item</th><th>Undergraduate</th><th>Postgraduate</th><th>Due date</th><th>Channel</th><th>Note</th></tr></thead>' +
      '<tbody><tr><td>Tuition</td><td>5,000.00</td><td>8,000.00</td><td>2025-09-30</td><td>Online / bank</td><td>Part payment allowed</td></tr>' +
      '<tr><td>Accommodation</td><td>1,200.00</td><td>1,500.00</td><td>2025-09-30</td><td>Online</td><td>By dormitory type</td></tr>' +
      '<tr><td>Textbooks</td><td>600.00</td><td>400.00</td><td>2025-10-15</td><td>Online</td><td>Refunded by the actual amount</td></tr></tbody></table>'
    : '<table><thead><tr><th>项目</th><th>本科生</th><th>研究生</th><th>截止日期</th><th>缴费渠道</th><th>备注</th></tr></thead>' +
      '<tbody><tr><td>学费</td><td>5,000.00</td><td>8,000.00</td><td>2025-09-30</td><td>线上 / 银行</td><td>可分次缴纳</td></tr>' +
      '<tr><td>住宿费</td><td>1,200.00</td><td>1,500.00</td><td>2025-09-30</td><td>线上</td><td>按宿舍类型收取</td></tr>' +
      '<tr><td>教材费</td><td>600.00</td><td>400.00</td><td>2025-10-15</td><td>线上</td><td>按实际金额多退少补</td></tr></tbody></table>';

const SEEDS: NoticeSeed[] = [
  {
    category: 'fees',
    audience: [],
    title: '关于2025-2026学年学费缴纳的通知',
    titleEn: 'Paying tuition for the 2025-2026 school year',
    body: '<p>各位同学：新学年缴费工作现已开始，请在截止日期前通过本平台完成缴费。<strong>逾期未缴将影响注册。</strong></p>',
    bodyEn:
      '<p>Dear students: payment for the new school year is open. Please pay through this app before the due date. <strong>Late payment affects registration.</strong></p>',
    table: true,
    pdf: true,
  },
  {
    category: 'finance',
    audience: [],
    title: '财务处国庆假期值班安排',
    titleEn: 'Finance office hours over the National Day holiday',
    body: '<p>国庆假期期间财务处安排值班，具体如下：</p><ul><li>10月1日至3日：暂停办理</li><li>10月4日至7日：上午 9:00-11:30</li></ul>',
    bodyEn:
      '<p>The finance office keeps these hours over the holiday:</p><ul><li>1 to 3 October: closed</li><li>4 to 7 October: 9:00-11:30 in the morning</li></ul>',
  },
  {
    category: 'fees',
    audience: ['student'],
    title: '缴费进度公示（附图）',
    titleEn: 'Payment progress by school (with chart)',
    body: '<p>截至本周，各学院缴费完成情况如下图：</p>',
    bodyEn: '<p>How far each school has got with payments this week:</p>',
    picture: true,
  },
  {
    category: 'salary',
    audience: ['employee'],
    title: '10月工资发放说明',
    titleEn: 'October salary payment',
    body: '<p>10月工资将于10月15日发放至各位教职工绑定的银行卡，请注意查收。</p><ol><li>基本工资</li><li>绩效工资</li><li>各项补贴</li></ol>',
    bodyEn:
      '<p>October salaries reach the bank card each member of staff has bound on 15 October.</p><ol><li>Base salary</li><li>Performance pay</li><li>Allowances</li></ol>',
  },
  {
    category: 'general',
    audience: [],
    title: '关于启用新版财务助手的通知',
    titleEn: 'The new campus finance assistant is live',
    body: '<p>新版财务助手已上线，支持在线缴费、订单查询与电子票据。使用中如有问题，请发送邮件至 <a href="mailto:finance@example.edu" target="_blank" rel="noopener noreferrer">finance@example.edu</a>。</p>',
    bodyEn:
      '<p>The new finance assistant is live: online payment, orders and e-invoices. Questions: write to <a href="mailto:finance@example.edu" target="_blank" rel="noopener noreferrer">finance@example.edu</a>.</p>',
  },
  {
    category: 'fees',
    audience: [],
    title: '住宿费调整说明',
    titleEn: 'Accommodation fees adjusted',
    body: '<h3>调整范围</h3><p>自本学年起，部分宿舍住宿费按新标准收取，详见学校官网 <a href="https://www.example.edu/notice/dorm" target="_blank" rel="noopener noreferrer">宿舍收费标准</a>。</p>',
    bodyEn:
      '<h3>What changes</h3><p>From this school year some dormitories follow new rates; see <a href="https://www.example.edu/notice/dorm" target="_blank" rel="noopener noreferrer">the dormitory rates</a> on the school site.</p>',
    table: true,
  },
  {
    category: 'finance',
    audience: [],
    title: '电子票据开具流程',
    titleEn: 'How e-invoices are issued',
    body: '<p>缴费成功后，可在订单详情中申请电子票据。票据开具一般需要 <em>1 至 3 个工作日</em>。</p>',
    bodyEn:
      '<p>Once a payment has gone through, request an e-invoice from the order detail. Issuing takes <em>1 to 3 working days</em>.</p>',
  },
  {
    category: 'salary',
    audience: ['employee'],
    title: '年度个税汇算提醒',
    titleEn: 'Annual income tax settlement reminder',
    body: '<p>请各位教职工于6月30日前完成年度个人所得税汇算清缴。</p>',
    bodyEn: '<p>Staff: please complete the annual income tax settlement before 30 June.</p>',
  },
  {
    category: 'fees',
    audience: ['student'],
    title: '助学贷款抵扣学费办理指南',
    titleEn: 'Student loans and tuition: a guide',
    body: '<p>已办理生源地助学贷款的同学，贷款到账后将自动抵扣学费，无需重复缴费。</p><blockquote>如有疑问请咨询学生资助中心。</blockquote>',
    bodyEn:
      '<p>A student loan settles tuition automatically once it arrives; do not pay twice.</p><blockquote>Questions: ask the student aid centre.</blockquote>',
  },
  {
    category: 'general',
    audience: [],
    title: '防范电信诈骗提示',
    titleEn: 'Beware of phone and online fraud',
    body: '<p><strong>学校不会通过电话或短信要求转账。</strong>所有缴费请仅通过本平台完成。</p>',
    bodyEn:
      '<p><strong>The school never asks for transfers by phone or text.</strong> Pay only through this app.</p>',
  },
  {
    category: 'finance',
    audience: [],
    title: '财务处联系方式更新',
    titleEn: 'New finance office contact details',
    body: '<p>财务处服务电话更新为 010-00000000，办公地点：行政楼 2 层。</p>',
    bodyEn:
      '<p>The finance office now answers on 010-00000000, second floor of the administration building.</p>',
  },
  {
    category: 'finance',
    audience: [],
    title: '报销单据提交时间调整',
    titleEn: 'New times for handing in expense claims',
    body: '<p>自下月起，报销单据请于每周二、周四下午提交至财务处一楼服务窗口。</p>',
    bodyEn:
      '<p>From next month, hand in expense claims on Tuesday and Thursday afternoons at the ground-floor desk.</p>',
  },
  {
    category: 'general',
    audience: [],
    title: '关于核对个人银行卡信息的提醒',
    titleEn: 'Please check your bank card details',
    body: '<p>为确保退费和发放顺利到账，请在“我的”中核对本人银行卡信息。</p>',
    bodyEn: '<p>So that refunds and payments reach you, check your bank card details under Mine.</p>',
  },
  {
    category: 'general',
    audience: [],
    title: '寒假期间缴费平台维护通知',
    titleEn: 'Payment platform maintenance over the winter break',
    body: '<p>1月20日 22:00 至 1月21日 06:00 平台维护，期间暂停缴费。</p>',
    bodyEn: '<p>The platform is down for maintenance from 22:00 on 20 January to 06:00 on 21 January.</p>',
  },
];

const DEPTS: Record<string, [string, string]> = {
  '100001': ['财务处', 'Finance Office'],
  '100002': ['计划财务部', 'Planning and Finance'],
};

async function attach(
  db: Db,
  files: FileStore | undefined,
  tenantId: string,
  noticeId: number,
  name: string,
  mimeType: string,
  bytes: Buffer,
): Promise<number> {
  // Without a file store (tests) the row still exists; its download answers 404.
  const storageKey = files ? await files.save('notice-files', bytes) : '0'.repeat(32);
  const [row] = await db
    .insert(noticeAttachments)
    .values({ tenantId, noticeId, name, sizeBytes: bytes.length, mimeType, storageKey })
    .returning({ id: noticeAttachments.id });
  return row!.id;
}

export async function seedNoticeDemo(db: Db, files?: FileStore): Promise<void> {
  for (const tenantId of Object.keys(DEPTS)) {
    await db.insert(dicts).values(CATEGORIES.map((c) => ({ tenantId, code: 'notice_category', ...c })));
    const [dept, deptEn] = DEPTS[tenantId]!;
    for (const [i, seed] of SEEDS.entries()) {
      const zh = seed.body + (seed.table ? FEE_TABLE(false) : '');
      const en = seed.bodyEn + (seed.table ? FEE_TABLE(true) : '');
      const [notice] = await db
        .insert(notices)
        .values({
          tenantId,
          title: seed.title,
          titleEn: seed.titleEn,
          category: seed.category,
          authorDept: dept,
          authorDeptEn: deptEn,
          content: zh,
          contentEn: en,
          audience: seed.audience,
          status: 'published',
          // The first seed is the newest: one a day back from now.
          releaseTime: sql`now() - make_interval(days => ${i}, hours => ${i})`,
        })
        .returning({ id: notices.id });
      const noticeId = notice!.id;
      if (seed.pdf)
        await attach(db, files, tenantId, noticeId, '缴费指南.pdf', 'application/pdf', guidePdf());
      if (seed.picture) {
        const pictureId = await attach(
          db,
          files,
          tenantId,
          noticeId,
          'progress.png',
          'image/png',
          barChartPng(),
        );
        const img = `<p><img src="/api/blade-desk/notice/attachment/${pictureId}" alt="" /></p>`;
        await db
          .update(notices)
          .set({ content: zh + img, contentEn: en + img })
          .where(eq(notices.id, noticeId));
      }
    }
  }
}
