export interface Invoice {
  id: number; companyId: number; detail: string; value: number; dueDate: string
  status: 'open' | 'paid' | 'canceled'; kind: string; planId: number | null; paidAt: string | null
}

export interface ChargeInfo {
  id: number; companyId: number; cpf: string; birth: string; zipcode: string; number: string; city: string; state: string
  street: string; neighborhood: string; name: string; email: string; phone_number: string
  cardNumber: string | null; cardFlag: string | null
}

export type ChargeInfoValues = Omit<ChargeInfo, 'id' | 'companyId' | 'cardNumber' | 'cardFlag'>

export interface Plan { id: number; name: string; users: number; connections: number; queues: number; value: number }

export interface PixAnswer {
  invoiceId: number; chargeId: string; valor: { original: string }
  qrcode: { qrcode: string; imagemQrcode: string | null }; expiresAt: string | null
}
