package l10n

import "strings"

// Key names one built-in message. The string value is the key pages use in the
// `messages` mount option to override it.
type Key string

// The built-in messages. {0}, {1} … in a text are replaced by Format's arguments.
const (
	Close              Key = "close"              // Modal close button
	Loading            Key = "loading"            // a surface waiting for its root
	InvalidValue       Key = "invalidValue"       // a TextField failing validationRegexp
	FilterOptions      Key = "filterOptions"      // ChoicePicker's filter box
	VideoUnavailable   Key = "videoUnavailable"   // a refused or missing video URL
	AudioUnavailable   Key = "audioUnavailable"   // a refused or missing audio URL
	ImageUnavailable   Key = "imageUnavailable"   // a refused image URL without a description
	ComponentFailed    Key = "componentFailed"    // a component that panicked or failed
	ComponentCycle     Key = "componentCycle"     // {0}: the component id
	NestingLimit       Key = "nestingLimit"       // nesting deeper than the limit
	TooManyComponents  Key = "tooManyComponents"  // over the instance budget
	UnknownComponent   Key = "unknownComponent"   // {0}: the component type
	MoreItems          Key = "moreItems"          // {0}: how many template rows were cut
	SurfaceFailed      Key = "surfaceFailed"      // the whole surface failed closed
	InputDate          Key = "inputDate"          // name of an unlabelled date input
	InputTime          Key = "inputTime"          // name of an unlabelled time input
	InputDateTime      Key = "inputDateTime"      // name of an unlabelled date-time input
	InputValue         Key = "inputValue"         // name of an unlabelled slider or field
	InputChoice        Key = "inputChoice"        // name of an unlabelled choice group
	Sending            Key = "sending"            // an action in flight
	SendFailed         Key = "sendFailed"         // an action that could not be sent
	Retry              Key = "retry"              // the retry button
	Reconnecting       Key = "reconnecting"       // a stream reconnecting
	ConnectionLost     Key = "connectionLost"     // a stream that failed
	RendererRestarting Key = "rendererRestarting" // the runtime died and is being restarted
	StreamEnded        Key = "streamEnded"        // a stream ended before its surface was complete
	StreamFailed       Key = "streamFailed"       // a stream failed before its surface was complete
)

// English is the default table; every key has an entry.
var English = map[Key]string{
	Close:              "Close",
	Loading:            "Loading…",
	InvalidValue:       "Invalid value",
	FilterOptions:      "Filter options",
	VideoUnavailable:   "Video unavailable",
	AudioUnavailable:   "Audio unavailable",
	ImageUnavailable:   "Image unavailable",
	ComponentFailed:    "This component could not be shown",
	ComponentCycle:     "Component cycle at {0}",
	NestingLimit:       "Nesting limit reached",
	TooManyComponents:  "Too many components",
	UnknownComponent:   "Unsupported component: {0}",
	MoreItems:          "{0} more items not shown",
	SurfaceFailed:      "This content could not be shown safely",
	InputDate:          "Date",
	InputTime:          "Time",
	InputDateTime:      "Date and time",
	InputValue:         "Value",
	InputChoice:        "Options",
	Sending:            "Sending…",
	SendFailed:         "Could not send. Check your connection and try again.",
	Retry:              "Retry",
	Reconnecting:       "Reconnecting…",
	ConnectionLost:     "Connection lost",
	RendererRestarting: "Restarting…",
	StreamEnded:        "The stream ended before this surface was complete.",
	StreamFailed:       "Connection lost: this surface may be incomplete.",
}

// languages are the primary language subtags with a built-in translation.
var languages = [...]string{"de", "fr", "es", "ar", "he", "ja"}

// table returns the built-in translation for a primary language subtag (nil: none; a
// missing key falls back to English). Each call builds the map: a renderer looks its
// table up once, and nothing is built at package init.
func table(lang string) map[Key]string {
	switch lang {
	case "de":
		return map[Key]string{
			Close: "Schließen", Loading: "Wird geladen…", InvalidValue: "Ungültiger Wert",
			FilterOptions: "Optionen filtern", VideoUnavailable: "Video nicht verfügbar",
			AudioUnavailable: "Audio nicht verfügbar", ImageUnavailable: "Bild nicht verfügbar",
			ComponentFailed: "Dieses Element kann nicht angezeigt werden", ComponentCycle: "Zyklus bei Komponente {0}",
			NestingLimit: "Verschachtelungsgrenze erreicht", TooManyComponents: "Zu viele Komponenten",
			UnknownComponent: "Nicht unterstützte Komponente: {0}", MoreItems: "{0} weitere Einträge nicht angezeigt",
			SurfaceFailed: "Dieser Inhalt kann nicht sicher angezeigt werden", InputDate: "Datum", InputTime: "Uhrzeit",
			InputDateTime: "Datum und Uhrzeit", InputValue: "Wert", InputChoice: "Optionen", Sending: "Wird gesendet…",
			SendFailed: "Senden fehlgeschlagen. Prüfen Sie die Verbindung und versuchen Sie es erneut.", Retry: "Erneut versuchen",
			Reconnecting: "Verbindung wird wiederhergestellt…", ConnectionLost: "Verbindung unterbrochen", RendererRestarting: "Wird neu gestartet…",
			StreamEnded: "Der Datenstrom endete, bevor dieser Inhalt vollständig war.", StreamFailed: "Verbindung unterbrochen: Dieser Inhalt ist möglicherweise unvollständig.",
		}
	case "fr":
		return map[Key]string{
			Close: "Fermer", Loading: "Chargement…", InvalidValue: "Valeur non valide",
			FilterOptions: "Filtrer les options", VideoUnavailable: "Vidéo indisponible",
			AudioUnavailable: "Audio indisponible", ImageUnavailable: "Image indisponible",
			ComponentFailed: "Cet élément ne peut pas être affiché", ComponentCycle: "Cycle au composant {0}",
			NestingLimit: "Limite d’imbrication atteinte", TooManyComponents: "Trop de composants",
			UnknownComponent: "Composant non pris en charge : {0}", MoreItems: "{0} autres éléments non affichés",
			SurfaceFailed: "Ce contenu ne peut pas être affiché en toute sécurité", InputDate: "Date", InputTime: "Heure",
			InputDateTime: "Date et heure", InputValue: "Valeur", InputChoice: "Options", Sending: "Envoi…",
			SendFailed: "Échec de l’envoi. Vérifiez votre connexion et réessayez.", Retry: "Réessayer",
			Reconnecting: "Reconnexion…", ConnectionLost: "Connexion perdue", RendererRestarting: "Redémarrage…",
			StreamEnded: "Le flux s’est terminé avant que ce contenu soit complet.", StreamFailed: "Connexion perdue : ce contenu est peut-être incomplet.",
		}
	case "es":
		return map[Key]string{
			Close: "Cerrar", Loading: "Cargando…", InvalidValue: "Valor no válido",
			FilterOptions: "Filtrar opciones", VideoUnavailable: "Vídeo no disponible",
			AudioUnavailable: "Audio no disponible", ImageUnavailable: "Imagen no disponible",
			ComponentFailed: "Este elemento no se puede mostrar", ComponentCycle: "Ciclo en el componente {0}",
			NestingLimit: "Límite de anidamiento alcanzado", TooManyComponents: "Demasiados componentes",
			UnknownComponent: "Componente no compatible: {0}", MoreItems: "{0} elementos más no mostrados",
			SurfaceFailed: "Este contenido no se puede mostrar de forma segura", InputDate: "Fecha", InputTime: "Hora",
			InputDateTime: "Fecha y hora", InputValue: "Valor", InputChoice: "Opciones", Sending: "Enviando…",
			SendFailed: "No se pudo enviar. Comprueba la conexión e inténtalo de nuevo.", Retry: "Reintentar",
			Reconnecting: "Reconectando…", ConnectionLost: "Conexión perdida", RendererRestarting: "Reiniciando…",
			StreamEnded: "La transmisión terminó antes de completar este contenido.", StreamFailed: "Conexión perdida: este contenido puede estar incompleto.",
		}
	case "ar":
		return map[Key]string{
			Close: "إغلاق", Loading: "جارٍ التحميل…", InvalidValue: "قيمة غير صالحة",
			FilterOptions: "تصفية الخيارات", VideoUnavailable: "الفيديو غير متاح",
			AudioUnavailable: "الصوت غير متاح", ImageUnavailable: "الصورة غير متاحة",
			ComponentFailed: "تعذّر عرض هذا العنصر", ComponentCycle: "حلقة عند المكوّن {0}",
			NestingLimit: "تم بلوغ حد التداخل", TooManyComponents: "عدد كبير جدًا من المكوّنات",
			UnknownComponent: "مكوّن غير مدعوم: {0}", MoreItems: "{0} عناصر أخرى غير معروضة",
			SurfaceFailed: "تعذّر عرض هذا المحتوى بأمان", InputDate: "التاريخ", InputTime: "الوقت",
			InputDateTime: "التاريخ والوقت", InputValue: "القيمة", InputChoice: "الخيارات", Sending: "جارٍ الإرسال…",
			SendFailed: "تعذّر الإرسال. تحقّق من الاتصال وحاول مجددًا.", Retry: "إعادة المحاولة",
			Reconnecting: "جارٍ إعادة الاتصال…", ConnectionLost: "انقطع الاتصال", RendererRestarting: "جارٍ إعادة التشغيل…",
			StreamEnded: "انتهى البث قبل اكتمال هذا المحتوى.", StreamFailed: "انقطع الاتصال: قد يكون هذا المحتوى غير مكتمل.",
		}
	case "he":
		return map[Key]string{
			Close: "סגירה", Loading: "בטעינה…", InvalidValue: "ערך לא תקין",
			FilterOptions: "סינון אפשרויות", VideoUnavailable: "הסרטון אינו זמין",
			AudioUnavailable: "השמע אינו זמין", ImageUnavailable: "התמונה אינה זמינה",
			ComponentFailed: "לא ניתן להציג רכיב זה", ComponentCycle: "מעגל ברכיב {0}",
			NestingLimit: "הגעת למגבלת הקינון", TooManyComponents: "יותר מדי רכיבים",
			UnknownComponent: "רכיב לא נתמך: {0}", MoreItems: "{0} פריטים נוספים לא מוצגים",
			SurfaceFailed: "לא ניתן להציג תוכן זה באופן בטוח", InputDate: "תאריך", InputTime: "שעה",
			InputDateTime: "תאריך ושעה", InputValue: "ערך", InputChoice: "אפשרויות", Sending: "שולח…",
			SendFailed: "השליחה נכשלה. בדקו את החיבור ונסו שוב.", Retry: "ניסיון חוזר",
			Reconnecting: "מתחבר מחדש…", ConnectionLost: "החיבור אבד", RendererRestarting: "מופעל מחדש…",
			StreamEnded: "הזרם הסתיים לפני שתוכן זה הושלם.", StreamFailed: "החיבור אבד: ייתכן שתוכן זה חלקי.",
		}
	case "ja":
		return map[Key]string{
			Close: "閉じる", Loading: "読み込み中…", InvalidValue: "無効な値です",
			FilterOptions: "選択肢を絞り込む", VideoUnavailable: "動画を利用できません",
			AudioUnavailable: "音声を利用できません", ImageUnavailable: "画像を利用できません",
			ComponentFailed: "この要素を表示できません", ComponentCycle: "コンポーネント {0} で循環しています",
			NestingLimit: "入れ子の上限に達しました", TooManyComponents: "コンポーネントが多すぎます",
			UnknownComponent: "未対応のコンポーネント: {0}", MoreItems: "ほか {0} 件は表示されていません",
			SurfaceFailed: "このコンテンツは安全に表示できません", InputDate: "日付", InputTime: "時刻",
			InputDateTime: "日付と時刻", InputValue: "値", InputChoice: "選択肢", Sending: "送信中…",
			SendFailed: "送信できませんでした。接続を確認して、もう一度お試しください。", Retry: "再試行",
			Reconnecting: "再接続しています…", ConnectionLost: "接続が切れました", RendererRestarting: "再起動しています…",
			StreamEnded: "このコンテンツが完成する前にストリームが終了しました。", StreamFailed: "接続が切れました: このコンテンツは不完全な可能性があります。",
		}
	}
	return nil
}

// rtl reports whether a primary language subtag is written right to left.
func rtl(lang string) bool {
	switch lang {
	case "ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb":
		return true
	}
	return false
}

// Messages is a message table for one locale. The zero value and nil are English, left
// to right. It is immutable once made, so any goroutine may read it.
type Messages struct {
	locale string
	dir    string
	table  map[Key]string
	over   map[Key]string
}

// New returns the table for locale (a BCP 47 tag; its primary subtag picks the built-in
// translation, English when there is none), with overrides (message key → text) on top.
// dir is "ltr", "rtl", or "" for the locale's own direction.
func New(locale string, overrides map[string]string, dir string) *Messages {
	lang := Language(locale)
	m := &Messages{locale: locale, table: table(lang)}
	switch dir {
	case "ltr", "rtl":
		m.dir = dir
	default:
		m.dir = "ltr"
		if rtl(lang) {
			m.dir = "rtl"
		}
	}
	for k, v := range overrides {
		if _, known := English[Key(k)]; known && v != "" {
			if m.over == nil {
				m.over = map[Key]string{}
			}
			m.over[Key(k)] = v
		}
	}
	return m
}

// Language returns the lower-case primary subtag of a BCP 47 tag ("pt-BR" → "pt").
func Language(tag string) string {
	if i := strings.IndexAny(tag, "-_"); i >= 0 {
		tag = tag[:i]
	}
	return strings.ToLower(strings.TrimSpace(tag))
}

// Get returns the text of k: the page's override, else the locale's translation, else
// English.
func (m *Messages) Get(k Key) string {
	if m != nil {
		if s, ok := m.over[k]; ok {
			return s
		}
		if s, ok := m.table[k]; ok {
			return s
		}
	}
	return English[k]
}

// Format returns Get(k) with {0}, {1} … replaced by args.
func (m *Messages) Format(k Key, args ...string) string {
	s := m.Get(k)
	if len(args) == 0 || !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '{' && i+2 < len(s) && s[i+2] == '}' && s[i+1] >= '0' && s[i+1] <= '9' {
			if n := int(s[i+1] - '0'); n < len(args) {
				b.WriteString(args[n])
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Dir is "rtl" or "ltr".
func (m *Messages) Dir() string {
	if m == nil || m.dir == "" {
		return "ltr"
	}
	return m.dir
}

// RTL reports whether Dir is "rtl".
func (m *Messages) RTL() bool { return m.Dir() == "rtl" }

// Locale is the tag New was given ("" for nil).
func (m *Messages) Locale() string {
	if m == nil {
		return ""
	}
	return m.locale
}
