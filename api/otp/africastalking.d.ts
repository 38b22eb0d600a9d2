// The africastalking package (0.8.x) is CommonJS and ships no types. These declare only
// what the message transport uses; see node_modules/africastalking/lib/{index,sms,whatsapp,common}.js.

declare module 'africastalking' {
  namespace africastalking {
    interface Options {
      username: string;
      apiKey: string;
      format?: 'json' | 'xml';
    }

    interface SmsRecipient {
      statusCode: number;
      number: string;
      status: string;
      cost?: string;
      messageId?: string;
    }

    interface SmsResponse {
      SMSMessageData?: {
        Message?: string;
        Recipients?: SmsRecipient[];
      };
    }

    interface SmsSendParams {
      to: string | string[];
      message: string;
      from?: string;
      enqueue?: boolean;
    }

    interface WhatsAppTextMessage {
      waNumber: string;
      phoneNumber: string;
      body: { message: string };
    }

    interface Client {
      SMS: {
        /**
         * Resolves with the body of an HTTP 201 answer. Rejects with a validation Error, an
         * AxiosError (non-2xx; carries the request config, api key included) or the body of
         * any other 2xx answer.
         */
        send(params: SmsSendParams): Promise<SmsResponse>;
      };
      WHATSAPP: {
        /**
         * Resolves with the body of any 2xx answer. Rejects with a validation Error, the
         * response body of a non-2xx answer (string or object), or an AxiosError when there
         * was no response.
         */
        sendMessage(payload: WhatsAppTextMessage): Promise<unknown>;
      };
    }
  }

  function africastalking(options: africastalking.Options): africastalking.Client;
  export = africastalking;
}

declare module 'africastalking/lib/common.js' {
  /** The module's exports object; the SDK reads these URLs at request time. */
  const common: {
    BASE_URL: string;
    CHECKOUT_TOKEN_URL: string;
    AUTH_TOKEN_URL: string;
    USER_URL: string;
    SMS_URL: string;
    AIRTIME_URL: string;
    VOICE_URL: string;
    MOBILE_DATA_URL: string;
    CONTENT_URL: string;
    INSIGHTS_URL: string;
    CHAT_URL: string;
    enableSandbox(): void;
  };
  export = common;
}
