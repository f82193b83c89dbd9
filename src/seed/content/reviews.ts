/** Five customer reviews, each with its text in several languages (other locales fall back to English). */
export const reviewSeeds: { author: string; rating: number; date: string; text: Record<string, string> }[] = [
  {
    author: 'Sofia R.',
    rating: 5,
    date: '2026-09-14T10:00:00.000Z',
    text: {
      en: 'Set up in two minutes on my laptop and phone. Streaming abroad finally works, and the speed is hardly different from my normal connection.',
      de: 'In zwei Minuten auf Laptop und Handy eingerichtet. Streaming im Ausland klappt endlich, und die Geschwindigkeit ist kaum anders als ohne VPN.',
      es: 'Lo configuré en dos minutos en el portátil y el móvil. Por fin puedo ver mis series en el extranjero y la velocidad apenas cambia.',
      fr: 'Installé en deux minutes sur mon ordinateur et mon téléphone. Le streaming à l’étranger fonctionne enfin, et la vitesse change à peine.',
      ar: 'أعددته في دقيقتين على حاسوبي وهاتفي. البث من الخارج يعمل أخيرًا، والسرعة لا تكاد تختلف عن اتصالي العادي.',
    },
  },
  {
    author: 'Jonas K.',
    rating: 5,
    date: '2026-08-02T09:30:00.000Z',
    text: {
      en: 'I work from cafés and hotels a lot. The kill switch and automatic connect on untrusted Wi-Fi give me real peace of mind.',
      de: 'Ich arbeite oft in Cafés und Hotels. Kill Switch und automatisches Verbinden in fremden WLANs geben mir echte Sicherheit.',
      es: 'Trabajo mucho desde cafeterías y hoteles. El kill switch y la conexión automática en wifi desconocidas me dan tranquilidad.',
      fr: 'Je travaille souvent dans des cafés et des hôtels. Le kill switch et la connexion automatique sur les Wi-Fi inconnus me rassurent vraiment.',
      ar: 'أعمل كثيرًا من المقاهي والفنادق. مفتاح الإيقاف والاتصال التلقائي بشبكات الواي فاي غير الموثوقة يمنحانني راحة بال حقيقية.',
    },
  },
  {
    author: 'Amira H.',
    rating: 4,
    date: '2026-07-21T15:45:00.000Z',
    text: {
      en: 'The family plan covers all five of us with separate accounts. Support answered my question about the router setup within the hour.',
      de: 'Der Familientarif deckt uns alle fünf mit eigenen Konten ab. Der Support hat meine Frage zur Router-Einrichtung innerhalb einer Stunde beantwortet.',
      es: 'El plan familiar cubre a los cinco con cuentas separadas. El soporte respondió mi duda sobre el router en menos de una hora.',
      fr: 'L’offre famille nous couvre tous les cinq avec des comptes séparés. Le support a répondu à ma question sur le routeur en moins d’une heure.',
      ar: 'خطة العائلة تغطينا نحن الخمسة بحسابات منفصلة. ردّ الدعم على سؤالي عن إعداد الموجّه خلال ساعة.',
    },
  },
  {
    author: 'Marek P.',
    rating: 5,
    date: '2026-06-09T08:15:00.000Z',
    text: {
      en: 'A personal static IP solved my problem with banking sites blocking shared VPN addresses. Worth every cent.',
      de: 'Eine eigene statische IP hat mein Problem mit Banking-Seiten gelöst, die geteilte VPN-Adressen sperren. Jeden Cent wert.',
      es: 'Una IP estática personal resolvió mi problema con los bancos que bloquean direcciones VPN compartidas. Vale cada céntimo.',
      fr: 'Une IP statique personnelle a réglé mon problème avec les sites bancaires qui bloquent les adresses VPN partagées. Chaque centime en vaut la peine.',
      ar: 'حلّ عنوان IP ثابت خاص مشكلتي مع مواقع البنوك التي تحظر عناوين VPN المشتركة. يستحق كل سنت.',
    },
  },
  {
    author: 'Lucía M.',
    rating: 4,
    date: '2026-05-18T19:00:00.000Z',
    text: {
      en: 'Clear pricing, no surprises at renewal, and the apps are simple enough for my parents. I would like a few more servers in South America.',
      de: 'Klare Preise, keine Überraschung bei der Verlängerung, und die Apps sind einfach genug für meine Eltern. Ein paar mehr Server in Südamerika wären schön.',
      es: 'Precios claros, sin sorpresas al renovar, y las apps son tan sencillas que las usan mis padres. Me gustarían más servidores en Sudamérica.',
      fr: 'Des prix clairs, aucune surprise au renouvellement, et des applis assez simples pour mes parents. J’aimerais quelques serveurs de plus en Amérique du Sud.',
      ar: 'أسعار واضحة بلا مفاجآت عند التجديد، والتطبيقات سهلة بما يكفي لوالديّ. أتمنى مزيدًا من الخوادم في أمريكا الجنوبية.',
    },
  },
]
