"""Spanish blocks for the customers in Spain and Mexico, one pool per phase."""

from __future__ import annotations

from meetsight.demo.phrasing import block, say

GREETING_MEETING = (
    block(
        say(
            "rep",
            "Hola {c1_first}, gracias por el tiempo. ¿Me escuchas bien?",
            "Buenos días {c1_first}, qué gusto verte de nuevo.",
            "Hola a todos. Creo que ya estamos casi todos conectados.",
        ),
        say(
            "c1",
            "Hola {rep_first}, sí, perfectamente.",
            "Buenos días. Perdona el retraso, venía de otra reunión.",
            "Hola, sí, todo bien por aquí.",
        ),
    ),
    block(
        say(
            "rep",
            "Gracias por recibirnos en {city}, {c1_first}.",
            "Qué bonita la oficina nueva, {c1_first}.",
        ),
        say("c1", "Bienvenidos. ¿Qué tal el viaje?", "Gracias. ¿Encontraron bien la dirección?"),
        say("rep", "Muy bien, sin problema.", "Sí, aunque había bastante tráfico a la entrada."),
    ),
)

GREETING_CALL_OUT = (
    block(
        say("c1", "¿Diga?", "{short}, habla {c1_first}.", "¿Sí, bueno?"),
        say(
            "rep",
            "Hola {c1_first}, soy {rep_first} de {our}. ¿Te viene bien ahora?",
            "Hola {c1_first}, te llama {rep_first}, de {our}. ¿Tienes unos minutos?",
        ),
        say("c1", "Sí, claro, tengo un rato.", "Hola {rep_first}, sí, justo esperaba tu llamada."),
    ),
)

GREETING_CALL_IN = (
    block(
        say(
            "rep",
            "{our}, buenos días, le atiende {rep_first}.",
            "Hola, habla {rep_first} de {our}.",
        ),
        say(
            "c1",
            "Hola {rep_first}, soy {c1_first} de {company}. Rellené el formulario de la web.",
            "Buenas, le llamo de {company}. Me pasaron su contacto.",
        ),
        say(
            "rep",
            "Encantada, {c1_first}. Cuéntame, ¿en qué te puedo ayudar?",
            "Muchas gracias por llamar. ¿Qué necesitan?",
        ),
    ),
)

SMALL_TALK = (
    block(
        say("rep", "¿Qué tal el fin de semana, {c1_first}?", "¿Cómo va todo por {city}?"),
        say("c1", "Tranquilo, con la familia. ¿Y tú?", "Mucho calor, la verdad. Pero bien."),
        say("rep", "Bien también, gracias.", "Aquí igual, ya tengo ganas de vacaciones."),
    ),
    block(
        say("c1", "¿Es temporada alta para ustedes?", "¿Siguen trabajando en remoto?"),
        say("rep", "Un poco, pero se lleva bien.", "Dos días en la oficina y el resto en casa."),
        say(
            "c1",
            "Nosotros, con {count} {crews} nuevos este trimestre, imagínate.",
            "Nosotros igual, nos funciona bien.",
        ),
    ),
)

AGENDA = (
    block(
        say(
            "rep",
            "La idea para hoy: unas preguntas sobre cómo trabajan, luego les enseño {product} y "
            "al final acordamos los siguientes pasos. ¿Les parece?",
            "Tenemos unos {minutes} minutos. "
            "¿Hay algo que quieran llevarse sí o sí de esta reunión?",
        ),
        say(
            "c1",
            "Perfecto. Y si da tiempo, las integraciones.",
            "Sobre todo saber si esto sustituye a las hojas de cálculo.",
            "Me parece bien. {c2_first} tiene que salir a la hora en punto.",
        ),
    ),
)

RECAP = (
    block(
        say(
            "rep",
            "La última vez nos contaron que {pain}. ¿Sigue siendo lo principal?",
            "Recapitulo: el problema principal era que {pain}, ¿verdad?",
        ),
        say("c1", "Sí, y este mes ha ido a peor.", "Sigue siendo lo primero, sí."),
    ),
)

DISCOVERY = (
    block(
        say(
            "rep",
            "¿Cómo es un día normal para sus {crews}, desde el primer trabajo?",
            "¿Me cuentas cómo empieza la mañana para los {crews}?",
        ),
        say(
            "c1",
            "Cada uno recibe su lista la noche anterior, pero antes de las nueve ya ha cambiado "
            "tres veces.",
            "Empieza a las seis con un grupo de WhatsApp. Esa es la verdad.",
        ),
        say(
            "rep", "¿Y quién actualiza el plan cuando cambia?", "¿Quién se encarga de esos cambios?"
        ),
        say(
            "c1",
            "Normalmente yo, o quien coja el teléfono primero.",
            "Los coordinadores, mientras atienden a los clientes a la vez.",
        ),
        topic="Proceso actual",
    ),
    block(
        say(
            "rep",
            "¿Cuál es el mayor dolor de cabeza ahora mismo?",
            "Si pudieras arreglar una sola cosa mañana, ¿cuál sería?",
        ),
        say(
            "c1",
            "Sinceramente, que {pain}. Nos come horas cada semana.",
            "Pues que {pain}. Todo lo demás lo podemos aguantar.",
        ),
        say("rep", "¿Y cuánto les cuesta eso, más o menos?", "¿Desde cuándo pasa?"),
        say(
            "c1",
            "Yo diría que unas {hours} horas a la semana entre todos.",
            "Desde que pasamos de {count} {crews}, hace dos años.",
        ),
        topic="Problemas",
    ),
    block(
        say(
            "c1",
            "Te cuento lo que pasó el mes pasado, porque lo explica todo.",
            "Mira, te pongo un ejemplo reciente.",
        ),
        say(
            "c1",
            "Teníamos un cliente grande en {city}, de los más antiguos. El plan decía una cosa, "
            "los {crews} tenían otra versión en el móvil y la oficina una tercera.",
            "Tres personas trabajando con tres listas distintas. Cuando nos dimos cuenta, ya era "
            "mediodía y el cliente estaba furioso.",
        ),
        say(
            "c1",
            "Al final mandamos otro equipo y asumimos el coste. Y es que {pain}, y pasa más de "
            "lo que me gustaría admitir.",
            "Mi jefe me preguntó cómo había pasado y no supe contestar, porque {pain} y nadie "
            "tiene la foto completa.",
        ),
        say(
            "rep",
            "Qué situación. Gracias por contarlo con tanta claridad.",
            "Es justo el tipo de caso que vemos a menudo.",
        ),
        topic="Problemas",
    ),
    block(
        say(
            "rep",
            "¿Qué herramientas usan hoy para planificar y para el inventario?",
            "¿Qué sistemas tienen ahora mismo?",
        ),
        say(
            "c1",
            "Hojas de cálculo, el ERP para facturar y mucho correo.",
            "Miramos {competitor} el año pasado, pero no seguimos. Hoy es Excel, básicamente.",
        ),
        say(
            "c2",
            "Y el ERP tiene que seguir funcionando, eso no se toca.",
            "Más una base de datos que hizo alguien en 2016 y que solo entiendo yo.",
        ),
        topic="Herramientas actuales",
    ),
    block(
        say("rep", "¿Quién más participa en una decisión así?", "¿Cómo se aprueba una compra así?"),
        say(
            "c1",
            "Yo hago la recomendación, {c2_first} firma si pasa del presupuesto y sistemas hace "
            "una revisión de seguridad.",
            "Pasa por compras si supera cierto importe, y legal revisa el contrato.",
        ),
        say(
            "c2",
            "La revisión suele tardar dos o tres semanas.",
            "Y legal siempre tarda más de lo previsto.",
        ),
        topic="Proceso de decisión",
    ),
    block(
        say("rep", "¿Tienen un presupuesto asignado para esto?", "¿Han pensado en el presupuesto?"),
        say(
            "c1",
            "Hay una partida para herramientas de operaciones este año, prefiero no decir la "
            "cifra todavía.",
            "No formalmente. Si el caso es bueno, finanzas encontrará el dinero.",
        ),
        say(
            "rep",
            "Entendido. ¿Para qué fecha lo querrían funcionando?",
            "Perfecto. ¿Hay alguna fecha límite?",
        ),
        say(
            "c1",
            "Antes del {quarter}, que empieza la temporada alta.",
            "Antes del cierre del trimestre, idealmente.",
        ),
        topic="Presupuesto y plazos",
        budget=True,
    ),
    block(
        say(
            "c2",
            "Si me permites, desde finanzas lo que me preocupa es que {pain2}.",
            "Añado algo: a mí lo que me quita tiempo es que {pain2}.",
        ),
        say(
            "c2",
            "Cerramos el mes y descubrimos cosas de hace tres semanas. Paso media vida "
            "persiguiendo datos que deberían estar en un sistema.",
            "Pregunto lo mismo a las mismas tres personas cada semana, y ya están cansados de mí.",
        ),
        say(
            "rep",
            "Muy útil, {c2_first}. ¿Cómo sería lo ideal para ti?",
            "Gracias, {c2_first}. ¿Qué harías con ese tiempo?",
        ),
        topic="Problemas",
    ),
    block(
        say(
            "rep", "¿Cuántos {crews} tienen en total?", "¿De cuántos usuarios estaríamos hablando?"
        ),
        say(
            "c1",
            "Unos {seats} en campo y {count} en oficina.",
            "Alrededor de {seats}, y queremos crecer este año.",
        ),
        say("rep", "¿Todos con smartphone?", "¿Repartidos en varias sedes?"),
        say("c1", "Sí, móviles de empresa.", "Tres sedes, la mayor en {city}."),
        topic="Tamaño del equipo",
    ),
)

DEMO = (
    block(
        say(
            "int",
            "Comparto pantalla. Este es el tablero de planificación, lo primero que ve un "
            "coordinador por la mañana.",
            "Ahora deberían ver el módulo de {module}.",
        ),
        say("c1", "Sí, lo vemos.", "¿Puedes hacer zoom? Se ve pequeño."),
        say(
            "int",
            "Cada columna es una persona y cada tarjeta un trabajo. Si lo muevo al jueves, le "
            "llega el aviso al móvil al momento.",
            "A la izquierda los trabajos pendientes, a la derecha el equipo. Arrastras y listo.",
        ),
        say("c1", "¿Y si no tiene cobertura?", "¿Avisa si hay conflictos?"),
        say(
            "int",
            "La app funciona sin conexión y sincroniza después.",
            "Sí, marca las dobles reservas y los tiempos de viaje que no cuadran.",
        ),
        topic="Demo de planificación",
    ),
    block(
        say(
            "int",
            "Este es el inventario: stock por almacén y por furgoneta, y lo que se usa en cada "
            "trabajo se descuenta solo.",
            "Aquí ven el stock por sede y lo reservado para mañana.",
        ),
        say("c2", "¿Se descuenta en el momento?", "¿Podemos poner mínimos por almacén?"),
        say(
            "int",
            "En el momento, y puedes pedir foto para las piezas caras.",
            "Sí, y sugiere un traspaso o un pedido cuando bajas del mínimo.",
        ),
        topic="Demo de inventario",
    ),
    block(
        say("c1", "¿Cómo se integra con nuestro ERP?", "¿Se conecta con la contabilidad?"),
        say(
            "int",
            "Hay integración nativa con los ERP más comunes y una API REST para lo demás.",
            "Con el Integrations hub. Los trabajos cerrados generan borradores de factura.",
        ),
        say("c1", "¿Cuánto se tarda en configurar?", "¿Y los clientes se sincronizan?"),
        say(
            "int",
            "Normalmente un día, con alguien de finanzas una hora.",
            "Sí, en los dos sentidos.",
        ),
        topic="Integraciones",
    ),
    block(
        say("c2", "¿Se puede exportar a Excel?", "¿Podemos hacer nuestros propios informes?"),
        say(
            "int",
            "Sí, exporta a Excel o CSV, o se envía por correo cada lunes.",
            "Sí, con el editor de informes, y hay API para su herramienta de BI.",
        ),
        topic="Informes",
    ),
    block(
        say(
            "c2",
            "¿Tienen inicio de sesión único? Sistemas lo va a preguntar.",
            "¿Dónde se alojan los datos?",
        ),
        say(
            "int",
            "Sí, SSO con SAML u OpenID Connect en los planes Business y Enterprise.",
            "En la región europea si lo prefieren, y tenemos el informe SOC 2.",
        ),
        topic="Seguridad",
    ),
    block(
        say(
            "rep",
            "¿Qué les parece? ¿Encaja con cómo trabajan?",
            "¿Cuál es tu primera impresión, {c1_first}?",
        ),
        say(
            "c1",
            "Es más sencillo de lo que esperaba, y eso es bueno.",
            "La parte de planificación es justo lo que necesitamos. "
            "El inventario lo veo menos claro.",
        ),
        topic="Valoración de la demo",
    ),
)

PRICING = (
    block(
        say(
            "rep",
            "Hablemos de precio. Para {seats} usuarios en el plan {plan}, el precio de lista es "
            "de {price} por usuario al mes.",
            "El plan {plan} sale a {price} por usuario y mes, con pago anual. "
            "Para {seats} usuarios "
            "son {annual} al año.",
        ),
        say("c1", "Es más de lo que esperábamos, la verdad.", "¿Eso es antes de descuento?"),
        say(
            "rep",
            "Con compromiso anual lo podemos dejar en {net} por usuario.",
            "Incluye todos los módulos, la app de campo y el soporte estándar.",
        ),
        topic="Precio",
        budget=True,
    ),
    block(
        say(
            "c2",
            "¿Qué descuento nos pueden hacer a tres años?",
            "Si firmamos por tres años, ¿qué pasa con el precio?",
        ),
        say(
            "rep",
            "A tres años puedo hacer un {discount} por ciento y congelar el precio.",
            "Congelamos el precio tres años con un {discount} por ciento de descuento.",
        ),
        say(
            "c2",
            "¿Y las condiciones de pago? Solemos pagar a sesenta días.",
            "¿Se factura anual o todo por adelantado?",
        ),
        say(
            "rep",
            "Anual, y sesenta días no es problema.",
            "Anual. Por adelantado, otro dos por ciento.",
        ),
        topic="Negociación",
        budget=True,
    ),
    block(
        say(
            "rep",
            "¿Cómo encaja esto con el presupuesto que tienen?",
            "¿Entra en lo que tenían previsto?",
        ),
        say(
            "c1",
            "Se pasa en un {pct} por ciento, más o menos.",
            "Encaja si hacemos el despliegue en dos fases.",
        ),
        topic="Presupuesto",
        budget=True,
    ),
    block(
        say("c1", "¿Podríamos empezar con algo más pequeño?", "¿Hay opción de piloto?"),
        say(
            "rep",
            "Sí, un piloto de {pilot} usuarios durante tres meses, al mismo precio por usuario.",
            "Claro, empezamos con una sede y ampliamos después.",
        ),
        say("c1", "Un piloto es más fácil de aprobar.", "Eso nos facilita mucho la decisión."),
        topic="Precio",
        budget=True,
    ),
    block(
        say(
            "c2",
            "Compras nos va a pedir el cuestionario de seguridad y el contrato tipo.",
            "Legal tendrá que revisar el contrato de tratamiento de datos.",
        ),
        say("rep", "Sin problema, lo tenemos todo preparado.", "Hoy mismo les mando el contrato."),
        topic="Compras",
    ),
)

OBJECTIONS = (
    block(
        say(
            "c1",
            "Te seré sincero, {competitor} nos ha dado un precio bastante más bajo.",
            "Tenemos también una propuesta de {competitor}, más barata por usuario.",
        ),
        say(
            "rep",
            "Es justo comentarlo. ¿Su oferta incluye la app de campo y las integraciones?",
            "Entiendo. ¿Qué incluye exactamente su precio?",
        ),
        say(
            "c1",
            "Creo que las integraciones van aparte.",
            "No lo sé, tendría que preguntar a {c2_first}.",
        ),
        topic="Competencia",
    ),
    block(
        say(
            "c2",
            "Me preocupa la adopción. Los {crews} no son muy de tecnología.",
            "Tengo miedo de que en campo no lo usen, como la otra vez.",
        ),
        say(
            "rep",
            "Es la preocupación más habitual. Formamos en grupos pequeños y medimos el uso "
            "cada semana.",
            "Totalmente lógico. ¿Y si el piloto lo hace la persona más escéptica?",
        ),
        say("c2", "Ya sé quién sería, ja.", "Si funciona con él, funciona con todos."),
        topic="Riesgo de adopción",
    ),
    block(
        say(
            "c1",
            "Ahora mismo nos parece caro, francamente.",
            "El precio es lo que más le preocupa a finanzas.",
        ),
        say(
            "rep",
            "Lo entiendo. Si lo comparamos con las {hours} horas semanales que comentabas, "
            "¿cómo queda?",
            "Veámoslo contra lo que cuesta el proceso actual.",
        ),
        say(
            "c1",
            "Visto así, se paga solo. Pero necesito los números por escrito.",
            "Buen argumento. Necesitaré las cifras para convencer a finanzas.",
        ),
        topic="Objeción de precio",
        budget=True,
    ),
    block(
        say(
            "c2",
            "¿Y si los comparamos con {competitor} y {competitor2}? ¿Qué los diferencia?",
            "¿Por qué ustedes y no {competitor}?",
        ),
        say(
            "int",
            "La app de campo sin conexión, el inventario en la misma herramienta y la "
            "integración contable desde el primer día.",
            "Son buenos productos. Donde ganamos es en inventario y en la app de campo.",
        ),
        topic="Competencia",
    ),
    block(
        say(
            "c1",
            "El momento es complicado, no sé si podemos empezar antes del {quarter}.",
            "Estamos en plena auditoría, no sé si es el trimestre adecuado.",
        ),
        say(
            "rep",
            "¿Qué tendría que pasar para empezar antes?",
            "¿Ayudaría una primera fase más pequeña?",
        ),
        say(
            "c1",
            "Si le quita menos de un día a la semana a mi equipo, quizá.",
            "Si empezamos solo con una sede, podría funcionar.",
        ),
        topic="Plazos",
    ),
)

CLOSING = (
    block(
        say(
            "rep", "Muchas gracias a todos, ha sido muy útil.", "Gracias por el tiempo, {c1_first}."
        ),
        say("c1", "Gracias a ti, {rep_first}. Hablamos pronto.", "Igualmente, buen {day}."),
    ),
    block(
        say("c1", "¿Algo más por vuestra parte?", "¿Nos dejamos algo?"),
        say("rep", "No, creo que lo hemos cubierto todo.", "Nada más, muchas gracias."),
        say("c1", "Perfecto, hasta luego.", "Venga, un saludo a todos."),
    ),
)

BACKCHANNELS = (
    "Vale.",
    "Claro.",
    "Entiendo.",
    "Ajá.",
    "Sí, sí.",
    "Perfecto.",
    "De acuerdo.",
    "Ya veo.",
    "Exacto.",
    "Muy bien.",
    "¿En serio?",
    "Interesante.",
    "Tiene sentido.",
    "Okey.",
)
