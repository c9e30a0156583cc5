import { DictStatus, DictUpdatable, LOCALES, type Locale } from '../../shared/constants';
import type { Tx } from '../db/client';
import { dictionary, dictionaryName } from '../db/tables';

/** A name in the five locales, in the order of LOCALES: zh_CN, en_US, de_DE, ko_KR, ja_JP. */
type Names = readonly [string, string, string, string, string];

interface DictionarySeed {
  dictNo: string;
  names: Names;
  /** Stopped items stay for old records but are no longer offered. */
  stopped?: boolean;
  /** Codes the software relies on: the server refuses to change or delete them. */
  locked?: boolean;
  items?: readonly DictionarySeed[];
}

/** The dictionaries of a logistics company that a new console shows at once (issue 9). */
export const DICTIONARY_SEEDS: readonly DictionarySeed[] = [
  {
    dictNo: 'WAYBILL_STATUS',
    names: ['运单状态', 'Waybill status', 'Frachtbriefstatus', '운송장 상태', '運送状ステータス'],
    locked: true,
    items: [
      { dictNo: 'CREATED', names: ['已下单', 'Created', 'Erstellt', '접수됨', '受付済み'] },
      { dictNo: 'PICKED_UP', names: ['已揽收', 'Picked up', 'Abgeholt', '집하 완료', '集荷済み'] },
      { dictNo: 'IN_TRANSIT', names: ['运输中', 'In transit', 'Unterwegs', '운송 중', '輸送中'] },
      { dictNo: 'ARRIVED_HUB', names: ['到达转运中心', 'Arrived at hub', 'Im Umschlagzentrum', '허브 도착', '中継センター到着'] },
      { dictNo: 'OUT_FOR_DELIVERY', names: ['派送中', 'Out for delivery', 'In Zustellung', '배송 중', '配達中'] },
      { dictNo: 'DELIVERED', names: ['已签收', 'Delivered', 'Zugestellt', '배송 완료', '配達完了'] },
      { dictNo: 'RETURNED', names: ['已退回', 'Returned', 'Zurückgesandt', '반송됨', '返送済み'] },
      { dictNo: 'CANCELLED', names: ['已取消', 'Cancelled', 'Storniert', '취소됨', 'キャンセル済み'] },
    ],
  },
  {
    dictNo: 'VEHICLE_TYPE',
    names: ['车辆类型', 'Vehicle type', 'Fahrzeugtyp', '차량 유형', '車両タイプ'],
    items: [
      { dictNo: 'VAN', names: ['厢式货车', 'Van', 'Kastenwagen', '밴', 'バン'] },
      { dictNo: 'LIGHT_TRUCK', names: ['轻型卡车', 'Light truck', 'Leicht-Lkw', '경트럭', '小型トラック'] },
      { dictNo: 'HEAVY_TRUCK', names: ['重型卡车', 'Heavy truck', 'Schwer-Lkw', '대형 트럭', '大型トラック'] },
      { dictNo: 'REFRIGERATED', names: ['冷藏车', 'Refrigerated truck', 'Kühlfahrzeug', '냉장차', '冷蔵車'] },
      { dictNo: 'SEMI_TRAILER', names: ['半挂车', 'Semi-trailer', 'Sattelauflieger', '세미트레일러', 'セミトレーラー'] },
      { dictNo: 'E_TRICYCLE', names: ['电动三轮车', 'Electric tricycle', 'Elektro-Dreirad', '전기 삼륜차', '電動三輪車'] },
    ],
  },
  {
    dictNo: 'PACKAGE_TYPE',
    names: ['包装类型', 'Package type', 'Verpackungsart', '포장 유형', '梱包タイプ'],
    items: [
      { dictNo: 'DOCUMENT', names: ['文件', 'Document', 'Dokument', '서류', '書類'] },
      { dictNo: 'PARCEL', names: ['包裹', 'Parcel', 'Paket', '소포', '小包'] },
      { dictNo: 'CARTON', names: ['纸箱', 'Carton', 'Karton', '상자', '段ボール箱'] },
      {
        dictNo: 'PALLET',
        names: ['托盘', 'Pallet', 'Palette', '팔레트', 'パレット'],
        items: [
          { dictNo: 'EURO', names: ['欧标托盘 1200×800', 'Euro pallet 1200×800', 'Europalette 1200×800', '유로 팔레트 1200×800', 'ユーロパレット 1200×800'] },
          { dictNo: 'CN_STANDARD', names: ['国标托盘 1200×1000', 'Standard pallet 1200×1000', 'Standardpalette 1200×1000', '표준 팔레트 1200×1000', '標準パレット 1200×1000'] },
        ],
      },
      { dictNo: 'FRAGILE', names: ['易碎品', 'Fragile goods', 'Zerbrechliche Ware', '파손 주의 물품', '割れ物'] },
    ],
  },
  {
    dictNo: 'PAYMENT_METHOD',
    names: ['付款方式', 'Payment method', 'Zahlungsart', '결제 방식', '支払方法'],
    items: [
      { dictNo: 'PREPAID', names: ['寄付', 'Sender pays', 'Absender zahlt', '선불', '元払い'] },
      { dictNo: 'COLLECT', names: ['到付', 'Receiver pays', 'Empfänger zahlt', '착불', '着払い'] },
      { dictNo: 'MONTHLY', names: ['月结', 'Monthly account', 'Monatsrechnung', '월 정산', '月締め'] },
      { dictNo: 'COD', names: ['代收货款', 'Cash on delivery', 'Nachnahme', '대금 상환', '代金引換'] },
      { dictNo: 'THIRD_PARTY', names: ['第三方付款', 'Third party pays', 'Dritter zahlt', '제3자 결제', '第三者払い'], stopped: true },
    ],
  },
  {
    dictNo: 'SERVICE_LEVEL',
    names: ['时效产品', 'Service level', 'Servicestufe', '서비스 등급', 'サービスレベル'],
    items: [
      { dictNo: 'SAME_DAY', names: ['当日达', 'Same day', 'Taggleich', '당일 배송', '当日配達'] },
      { dictNo: 'EXPRESS', names: ['特快', 'Express', 'Express', '특급', '特急'] },
      { dictNo: 'STANDARD', names: ['标准快递', 'Standard', 'Standard', '일반', '標準'] },
      { dictNo: 'ECONOMY', names: ['经济快递', 'Economy', 'Economy', '이코노미', 'エコノミー'] },
    ],
  },
  {
    dictNo: 'EXCEPTION_REASON',
    names: ['异常原因', 'Exception reason', 'Störungsgrund', '예외 사유', '例外理由'],
    items: [
      { dictNo: 'WRONG_ADDRESS', names: ['地址错误', 'Wrong address', 'Falsche Adresse', '주소 오류', '住所誤り'] },
      { dictNo: 'RECIPIENT_ABSENT', names: ['收件人不在', 'Recipient absent', 'Empfänger nicht angetroffen', '수취인 부재', '受取人不在'] },
      { dictNo: 'DAMAGED', names: ['包裹破损', 'Damaged', 'Beschädigt', '파손', '破損'] },
      { dictNo: 'REFUSED', names: ['拒收', 'Refused by recipient', 'Annahme verweigert', '수취 거부', '受取拒否'] },
      { dictNo: 'WEATHER', names: ['天气原因', 'Weather', 'Wetter', '기상 악화', '天候'] },
    ],
  },
];

const ORDER_STEP = 10;

async function insertNode(tx: Tx, seed: DictionarySeed, parentId: number | null, order: number, createBy: number): Promise<void> {
  const inserted = await tx
    .insert(dictionary)
    .values({
      parentId,
      dictNo: seed.dictNo,
      dictName: seed.names[0],
      dictOrder: order,
      status: seed.stopped ? DictStatus.Stop : DictStatus.Use,
      updated: seed.locked ? DictUpdatable.No : DictUpdatable.Yes,
      createBy,
    })
    .returning({ id: dictionary.id });
  const dictId = inserted[0]!.id;
  await tx.insert(dictionaryName).values(LOCALES.map((langId: Locale, index) => ({ dictId, langId, langName: seed.names[index]! })));
  let childOrder = ORDER_STEP;
  for (const item of seed.items ?? []) {
    await insertNode(tx, item, dictId, childOrder, createBy);
    childOrder += ORDER_STEP;
  }
}

/** The dictionaries of a first start, with their names in the five languages. */
export async function seedDictionaries(tx: Tx, createBy: number): Promise<void> {
  let order = ORDER_STEP;
  for (const seed of DICTIONARY_SEEDS) {
    await insertNode(tx, seed, null, order, createBy);
    order += ORDER_STEP;
  }
}
