import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PUSH_SECRET_PURPOSE, PushAudience } from '../../areas/push/contract';
import { SmsTemplateStatus, SmsTemplateType } from '../../areas/sms/contract';
import { MenuType } from '../../shared/constants';
import type { Db } from '../db/client';
import {
  dataGroup,
  dataOrgan,
  dept,
  i18nText,
  infoArticle,
  infoCategory,
  mailAccount,
  mailMessage,
  menu,
  messageApiKey,
  messageSystem,
  notice,
  oauthClient,
  outbox,
  pushProvider,
  pushRecord,
  role,
  smsBatch,
  smsRecord,
  smsSignature,
  smsTemplate,
  systemApiKey,
  user,
  userServiceCentre,
} from '../db/tables';
import { OutboxChannel } from '../outbox';
import { MAIL_SECRET_PURPOSE } from '../outbox/smtp';
import { clientSecretHash } from '../platform/auth/sign-in';
import type { SecretBox } from '../secrets/secret-box';

/**
 * What the demo shows on the screens a first start leaves empty: articles with their categories, SMS
 * templates, signatures and sends, a mail account and mails, push providers and pushes, message systems with
 * their keys, data groups and organs, more notices, applications, multilingual texts and service-centre
 * bindings. A few rows each (tens, not thousands), so a `--demo` start stays quick. Every message is stored as
 * already delivered or failed: the outbox worker has nothing to send to providers a demo does not have.
 */

const DAY_MS = 86_400_000;

/** An outbox row as the worker leaves one it has finished with. */
function finishedOutbox(channel: string, key: string, payload: unknown, at: Date, failed: boolean) {
  return {
    channel,
    idempotencyKey: key,
    payload,
    status: failed ? 'failed' : 'sent',
    attempts: failed ? 3 : 1,
    nextAttemptAt: at,
    lastError: failed ? 'isv.MOBILE_NUMBER_ILLEGAL: 号码格式错误' : '',
    providerMessageId: failed ? '' : `demo-${randomBytes(6).toString('hex')}`,
    createTime: at,
    sentTime: failed ? null : new Date(at.getTime() + 2_000),
  };
}

const ARTICLES: ReadonlyArray<{ category: string; typeCode: 'notice' | 'news' | 'guide' | 'policy'; title: string; keywords: string; body: string; top?: boolean; hidden?: boolean }> = [
  { category: '公司新闻', typeCode: 'news', title: '远航物流华北枢纽正式投入运营', keywords: '华北,枢纽', body: '位于天津的华北分拨枢纽今日投入运营，日处理能力达 80 万件。', top: true },
  { category: '公司新闻', typeCode: 'news', title: '集团荣获年度绿色物流企业称号', keywords: '绿色物流', body: '集团新能源车辆占比提升至 42%，获评年度绿色物流企业。' },
  { category: '公司新闻', typeCode: 'news', title: '双十一旺季运力保障总结', keywords: '旺季,运力', body: '旺季期间全网准时率 97.8%，感谢各转运中心的辛勤付出。' },
  { category: '操作指南', typeCode: 'guide', title: '转运中心到件扫描操作规范', keywords: '扫描,到件', body: '到件扫描须在卸车后 30 分钟内完成，异常件单独登记。' },
  { category: '操作指南', typeCode: 'guide', title: '电子运单打印机常见问题', keywords: '打印机,运单', body: '打印偏移时请先校准纸张，再检查驱动版本。' },
  { category: '操作指南', typeCode: 'guide', title: '冷链货物交接检查清单', keywords: '冷链,交接', body: '交接时核对温度记录仪读数，并拍照上传。' },
  { category: '政策制度', typeCode: 'policy', title: '员工差旅费用报销办法（2026版）', keywords: '差旅,报销', body: '自 2026 年 1 月 1 日起执行，住宿标准按城市分级。' },
  { category: '政策制度', typeCode: 'policy', title: '信息安全管理规定', keywords: '信息安全', body: '账号不得共用，密码每 90 天更换一次。' },
  { category: '政策制度', typeCode: 'policy', title: '车辆安全检查管理制度', keywords: '车辆,安全', body: '每日出车前完成轮胎、灯光、制动三项检查。', hidden: true },
  { category: '司机公告', typeCode: 'notice', title: '春节期间干线班次调整通知', keywords: '春节,班次', body: '春节期间部分干线班次合并，请以调度通知为准。', top: true },
  { category: '司机公告', typeCode: 'notice', title: '高速通行费电子发票领取说明', keywords: '通行费,发票', body: '通行费发票可在司机端“我的-票据”中下载。' },
  { category: '司机公告', typeCode: 'guide', title: '司机端 App 3.2 版本更新说明', keywords: 'App,更新', body: '新增电子回单拍照与一键导航功能。' },
];

const SMS_TEMPLATES = [
  { name: '登录验证码', type: SmsTemplateType.Code, templateCode: 'SMS_260315001', content: '您的验证码为${code}，5分钟内有效，请勿泄露。', status: SmsTemplateStatus.Active },
  { name: '到件通知', type: SmsTemplateType.Notice, templateCode: 'SMS_260315002', content: '您的包裹${waybill}已到达${station}，请凭取件码${pickup}领取。', status: SmsTemplateStatus.Active },
  { name: '派送提醒', type: SmsTemplateType.Notice, templateCode: 'SMS_260315003', content: '您的包裹${waybill}正在派送中，快递员${courier}，电话${phone}。', status: SmsTemplateStatus.Active },
  { name: '会员促销', type: SmsTemplateType.Promotion, templateCode: 'SMS_260315004', content: '远航物流会员日：寄件满${amount}元立减${discount}元，回T退订。', status: SmsTemplateStatus.Inactive },
] as const;

const PHONES = ['13800138001', '13912345678', '13700001111', '15000002222', '18600003333', '13688889999'];

export async function seedDemoContent(db: Db, options: { secrets: SecretBox; now: number }): Promise<void> {
  const { secrets, now } = options;
  const [admin] = await db.select({ userId: user.userId, name: user.name, deptId: user.deptId }).from(user).where(eq(user.username, 'admin'));
  const systems = await db.select({ menuId: menu.menuId, name: menu.name }).from(menu).where(eq(menu.type, MenuType.System));
  const depts = await db.select({ deptId: dept.deptId, name: dept.name, businessCentre: dept.businessCentre }).from(dept);
  const adminId = admin?.userId ?? null;
  const adminName = admin?.name ?? '';
  const deptOf = (name: string) => depts.find((d) => d.name === name)?.deptId ?? admin?.deptId ?? null;
  const at = (daysAgo: number, hour = 10) => new Date(now - daysAgo * DAY_MS - (24 - hour) * 3_600_000);

  // Information: categories per system, articles published through each system's API key.
  const consoleSystem = systems[0]!;
  const logisticsSystem = systems[1] ?? consoleSystem;
  const categories = await db
    .insert(infoCategory)
    .values([
      { systemMenuId: consoleSystem.menuId, name: '公司新闻', haveImage: 1, imageDesc: '封面图 750×420', createBy: adminId, createTime: at(40) },
      { systemMenuId: consoleSystem.menuId, name: '操作指南', createBy: adminId, createTime: at(39) },
      { systemMenuId: consoleSystem.menuId, name: '政策制度', createBy: adminId, createTime: at(38) },
      { systemMenuId: logisticsSystem.menuId, name: '司机公告', createBy: adminId, createTime: at(37) },
      { systemMenuId: logisticsSystem.menuId, name: '停用栏目', enable: 0, createBy: adminId, createTime: at(36) },
    ])
    .returning({ id: infoCategory.id, name: infoCategory.name, systemMenuId: infoCategory.systemMenuId });
  const keys = await db.select({ apiKey: systemApiKey.apiKey, systemMenuId: systemApiKey.systemMenuId }).from(systemApiKey);
  await db.insert(infoArticle).values(
    ARTICLES.map((article, index) => {
      const category = categories.find((c) => c.name === article.category)!;
      return {
        apiKey: keys.find((k) => k.systemMenuId === category.systemMenuId)?.apiKey ?? '',
        systemMenuId: category.systemMenuId,
        classificationId: category.id,
        typeCode: article.typeCode,
        title: article.title,
        keywords: article.keywords,
        sort: index,
        content: `<p>${article.body}</p>`,
        display: article.hidden ? 0 : 1,
        top: article.top ? 1 : 0,
        createBy: adminId,
        createTime: at(30 - index * 2),
      };
    }),
  );

  // SMS: templates, signatures, and sends with their recipients.
  const templates = await db
    .insert(smsTemplate)
    .values(SMS_TEMPLATES.map((template, index) => ({ ...template, createBy: adminId, createTime: at(50 - index) })))
    .returning();
  const signatures = await db
    .insert(smsSignature)
    .values([
      { name: '远航物流', remark: '集团对外短信签名', createBy: adminId, createTime: at(50) },
      { name: '远航快递', remark: '末端派送短信签名', createBy: adminId, createTime: at(49) },
    ])
    .returning();
  for (let n = 0; n < 8; n++) {
    const template = templates[1 + (n % 2)]!;
    const params = { waybill: `YH${String(8_800_120_000 + n * 137)}`, station: ['上海转运中心', '广州转运中心'][n % 2]!, pickup: String(4_000 + n * 17), courier: '张师傅', phone: '13800138000' };
    const content = `【${signatures[n % 2]!.name}】${template.content.replace(/\$\{(\w+)\}/g, (_, name: string) => params[name as keyof typeof params] ?? '')}`;
    const phones = PHONES.slice(0, 2 + (n % 4));
    const sentAt = at(n * 3, 9 + n);
    const [batch] = await db
      .insert(smsBatch)
      .values({
        templateName: template.name,
        templateCode: template.templateCode,
        signName: signatures[n % 2]!.name,
        params,
        content,
        total: phones.length,
        createBy: adminId,
        createName: adminName,
        deptId: deptOf(n % 2 ? '华南分公司' : '华东分公司'),
        createTime: sentAt,
      })
      .returning({ id: smsBatch.id });
    const rows = await db
      .insert(outbox)
      .values(phones.map((phone, index) => ({ ...finishedOutbox(OutboxChannel.Sms, `sms-demo-${batch!.id}-${phone}`, { phone }, sentAt, (n + index) % 7 === 3), batchId: batch!.id })))
      .returning({ id: outbox.id });
    await db.insert(smsRecord).values(phones.map((phone, index) => ({ batchId: batch!.id, phone, outboxId: rows[index]!.id, createTime: sentAt })));
  }

  // Mail: the company's sender account and mails sent through it.
  const [account] = await db
    .insert(mailAccount)
    .values({
      host: 'smtp.exmail.qq.com',
      port: 465,
      ssl: true,
      protocol: 'smtp',
      account: 'notice@yuanhang-logistics.example.com',
      secretEnc: secrets.seal('demo-authorisation-code', MAIL_SECRET_PURPOSE),
      active: true,
      createBy: adminId,
      createTime: at(45),
    })
    .returning();
  await db.insert(mailAccount).values({
    host: 'smtp.163.com',
    port: 25,
    ssl: false,
    protocol: 'smtp',
    account: 'backup@yuanhang-logistics.example.com',
    secretEnc: secrets.seal('demo-backup-code', MAIL_SECRET_PURPOSE),
    active: false,
    createBy: adminId,
    createTime: at(44),
  });
  const MAILS = [
    ['finance@example.com', '11月运费对账单', '<p>附件为 11 月运费对账单，请于本周内确认。</p>'],
    ['east-ops@example.com', '华东区旺季排班安排', '<p>旺季期间各转运中心实行两班倒，排班表见附表。</p>'],
    ['south-ops@example.com', '华南区车辆年检提醒', '<p>以下车辆将于本月到期年检，请安排送检。</p>'],
    ['it@example.com', '系统维护窗口通知', '<p>本周日 02:00-04:00 进行例行维护。</p>'],
    ['hr@example.com', '新员工入职培训安排', '<p>新员工入职培训定于下周一上午 9 点开始。</p>'],
    ['customer@example.com', '理赔处理结果告知', '<p>您申请的运单理赔已处理完毕，赔付款将于 3 个工作日内到账。</p>'],
  ] as const;
  for (const [index, [to, subject, html]] of MAILS.entries()) {
    const sentAt = at(index * 4 + 1, 14);
    const [row] = await db
      .insert(outbox)
      .values(finishedOutbox(OutboxChannel.Mail, `mail-demo-${index}-${randomBytes(4).toString('hex')}`, { mailId: 0 }, sentAt, index === 4))
      .returning({ id: outbox.id });
    const cc = index % 2 === 0 ? ['manager@example.com'] : [];
    const [mail] = await db
      .insert(mailMessage)
      .values({
        accountId: account!.id,
        sender: account!.account,
        toAddresses: [to],
        ccAddresses: cc,
        recipientText: [to, ...cc].join(' '),
        subject,
        html,
        createBy: adminId,
        createName: adminName,
        deptId: admin?.deptId ?? null,
        createTime: sentAt,
        outboxId: row!.id,
      })
      .returning({ id: mailMessage.id });
    await db
      .update(outbox)
      .set({ payload: { mailId: mail!.id } })
      .where(eq(outbox.id, row!.id));
  }

  // Push: the driver app's and the customer app's JPush applications, and pushes through them.
  const providers = await db
    .insert(pushProvider)
    .values([
      {
        alias: '司机端 App',
        appKey: 'a1b2c3d4e5f6a7b8c9d0e1f2',
        secretEnc: secrets.seal('demo-master-secret-driver', PUSH_SECRET_PURPOSE),
        apnsProduction: true,
        createBy: adminId,
        createName: adminName,
        createTime: at(42),
      },
      {
        alias: '客户端 App',
        appKey: 'f2e1d0c9b8a7f6e5d4c3b2a1',
        secretEnc: secrets.seal('demo-master-secret-customer', PUSH_SECRET_PURPOSE),
        apnsProduction: false,
        createBy: adminId,
        createName: adminName,
        createTime: at(41),
      },
    ])
    .returning();
  const PUSHES = [
    ['司机端 App', PushAudience.All, [], '班次调整', '春节期间部分干线班次合并，请查看调度通知。'],
    ['司机端 App', PushAudience.Tag, ['华东', '冷链'], '冷链交接提醒', '冷链货物交接时请核对温度记录。'],
    ['客户端 App', PushAudience.Alias, ['u10086', 'u10010'], '包裹已签收', '您的包裹 YH8800120137 已签收。'],
    ['客户端 App', PushAudience.All, [], '会员日', '本周五会员日，寄件享八折。'],
    ['司机端 App', PushAudience.Tag, ['华南'], '台风预警', '台风将于明日登陆，请注意行车安全。'],
  ] as const;
  for (const [index, [alias, audienceType, audience, title, alert]] of PUSHES.entries()) {
    const provider = providers.find((p) => p.alias === alias)!;
    const sentAt = at(index * 5 + 2, 16);
    const [row] = await db
      .insert(outbox)
      .values(finishedOutbox(OutboxChannel.Push, `push-demo-${index}-${randomBytes(4).toString('hex')}`, { providerId: provider.id, title, alert }, sentAt, index === 3))
      .returning({ id: outbox.id });
    await db.insert(pushRecord).values({
      providerId: provider.id,
      providerAlias: alias,
      audienceType,
      audience: [...audience],
      title,
      alert,
      createBy: adminId,
      createName: adminName,
      deptId: admin?.deptId ?? null,
      outboxId: row!.id,
      createTime: sentAt,
    });
  }

  // Message systems of the company's business systems, with their keys (only the hash is kept, as the server keeps it).
  const messageSystems = await db
    .insert(messageSystem)
    .values([
      { systemId: 'TMS', name: '运输管理系统', deptId: deptOf('信息技术部')!, channels: ['sms'], remark: '运单状态短信', createBy: adminId, createName: adminName, createTime: at(35) },
      { systemId: 'WMS', name: '仓储管理系统', deptId: deptOf('信息技术部')!, channels: ['sms'], remark: '入库与出库通知', createBy: adminId, createName: adminName, createTime: at(34) },
      { systemId: 'CRM', name: '客户关系管理', deptId: deptOf('华东分公司')!, status: 2, channels: ['sms'], remark: '已停用，待迁移', createBy: adminId, createName: adminName, createTime: at(33) },
    ])
    .returning();
  await db.insert(messageApiKey).values(
    messageSystems.flatMap((system, index) =>
      [0, 1].slice(0, index === 0 ? 2 : 1).map((k) => {
        const key = randomBytes(24).toString('base64url');
        return {
          apiKeyHash: createHash('sha256').update(key).digest('hex'),
          keyHint: key.slice(0, 6),
          msgSystemId: system.id,
          status: k === 1 ? 2 : 1,
          rateLimit: index === 0 ? 120 : 60,
          remark: k === 1 ? '旧密钥，已停用' : '生产环境',
          createBy: adminId,
          createName: adminName,
          createTime: at(30 - index),
        };
      }),
    ),
  );

  // Data groups and their organs.
  const groups = await db
    .insert(dataGroup)
    .values([
      { name: '华东数据组', number: 'DG-EAST', remark: '华东区域的网点与仓库', createBy: adminId, createTime: at(60) },
      { name: '华南数据组', number: 'DG-SOUTH', remark: '华南区域的网点与仓库', createBy: adminId, createTime: at(59) },
      { name: '总部数据组', number: 'DG-HQ', remark: '集团职能部门', createBy: adminId, createTime: at(58) },
    ])
    .returning();
  const ORGANS = [
    ['上海浦东网点', 'ORG-SH-PD', 0],
    ['上海嘉定仓', 'ORG-SH-JD', 0],
    ['杭州萧山网点', 'ORG-HZ-XS', 0],
    ['广州白云网点', 'ORG-GZ-BY', 1],
    ['深圳宝安仓', 'ORG-SZ-BA', 1],
    ['东莞分拨点', 'ORG-DG-FB', 1],
    ['集团财务共享中心', 'ORG-HQ-FIN', 2],
  ] as const;
  await db.insert(dataOrgan).values(ORGANS.map(([name, number, group], index) => ({ name, number, groupId: groups[group]!.id, createBy: adminId, createTime: at(57 - index) })));

  // Notices to an organisation, to a role's holders, and one withdrawn.
  const roles = await db.select({ roleId: role.roleId, roleName: role.roleName }).from(role);
  const in30Days = new Date(now + 30 * DAY_MS);
  await db.insert(notice).values([
    {
      title: '华东分公司年终盘点安排',
      content: '12 月 28 日起各转运中心开展年终盘点，请提前安排人员。',
      audienceType: 'org',
      audienceDeptId: deptOf('华东分公司'),
      startTime: at(3),
      endTime: in30Days,
      createBy: adminId,
      createTime: at(3),
    },
    {
      title: '审计资料提交提醒',
      content: '请审计员于月底前完成操作日志抽查并提交报告。',
      audienceType: 'role',
      audienceRoleId: roles.find((r) => r.roleName === '审计员')?.roleId ?? null,
      startTime: at(2),
      endTime: in30Days,
      createBy: adminId,
      createTime: at(2),
    },
    {
      title: '华南台风应急预案启动',
      content: '受台风影响，华南区域转运中心暂停夜班作业。',
      audienceType: 'org',
      audienceDeptId: deptOf('华南分公司'),
      startTime: at(1),
      endTime: in30Days,
      createBy: adminId,
      createTime: at(1),
    },
    {
      title: '国庆假期值班表（已撤回）',
      content: '值班表有误，已撤回重新发布。',
      status: 0,
      startTime: at(20),
      endTime: in30Days,
      createBy: adminId,
      createTime: at(20),
      withdrawBy: adminId,
      withdrawTime: at(19),
    },
  ]);

  // Client applications besides the console's own.
  await db.insert(oauthClient).values([
    {
      clientId: 'driver-app',
      clientSecretHash: clientSecretHash(randomBytes(24).toString('hex')),
      appName: '司机端 App',
      appType: 'app',
      passwordDay: 0,
      additionalInformation: { ignoreCodeTimes: 3, firstChangePwd: '0' },
      createBy: adminId,
      createTime: at(55),
    },
    {
      clientId: 'wms-web',
      clientSecretHash: clientSecretHash(randomBytes(24).toString('hex')),
      appName: '仓储管理系统',
      appType: 'webapp',
      passwordDay: 180,
      additionalInformation: { ignoreCodeTimes: 5, firstChangePwd: '1' },
      createBy: adminId,
      createTime: at(54),
    },
    {
      clientId: 'legacy-portal',
      clientSecretHash: clientSecretHash(randomBytes(24).toString('hex')),
      appName: '旧版门户（停用）',
      appType: 'pc',
      status: '1',
      additionalInformation: { ignoreCodeTimes: 0, firstChangePwd: '0' },
      createBy: adminId,
      createTime: at(53),
    },
  ]);

  // Business phrases in every language, beside the navigation names.
  const PHRASES = [
    ['运单号', 'Waybill number', 'Frachtbriefnummer', '운송장 번호', '運送状番号'],
    ['签收', 'Signed for', 'Zugestellt', '수령 완료', '受領済み'],
    ['派送中', 'Out for delivery', 'In Zustellung', '배송 중', '配達中'],
    ['转运中心', 'Transfer centre', 'Umschlagzentrum', '환적 센터', '中継センター'],
    ['冷链', 'Cold chain', 'Kühlkette', '콜드체인', 'コールドチェーン'],
    ['到件扫描', 'Arrival scan', 'Eingangsscan', '도착 스캔', '到着スキャン'],
    ['异常件', 'Exception parcel', 'Problemsendung', '이상 화물', '異常貨物'],
    ['回单', 'Proof of delivery', 'Zustellnachweis', '인수증', '受領書'],
  ] as const;
  await db
    .insert(i18nText)
    .values(
      PHRASES.map(([chinese, english, german, korean, japanese], index) => ({
        chinese,
        english,
        german,
        korean,
        japanese,
        status: index === 7 ? 2 : 1,
        operater: 'admin',
        createTime: at(20 - index),
      })),
    )
    .onConflictDoNothing();

  // Business-centre bindings: some demo users work at the transfer centres.
  const centres = depts.filter((d) => d.businessCentre).map((d) => d.deptId);
  if (centres.length > 0) {
    const demoUsers = await db
      .select({ userId: user.userId })
      .from(user)
      .where(
        inArray(
          user.username,
          Array.from({ length: 12 }, (_, n) => `demo${String(n + 1).padStart(5, '0')}`),
        ),
      );
    await db
      .insert(userServiceCentre)
      .values(
        demoUsers.flatMap(({ userId }, index) =>
          [centres[index % centres.length]!, ...(index % 3 === 0 ? [centres[(index + 1) % centres.length]!] : [])].map((deptId) => ({ userId, deptId, createBy: adminId, createTime: at(10 + index) })),
        ),
      )
      .onConflictDoNothing();
  }
}
