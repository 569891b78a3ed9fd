"""One logged answer at a time: claims drawn from the retrieved chunks, markers of each dialect, planted faults."""

from __future__ import annotations

import json
import random
from typing import Any

from audit.sample.kb import (
    Chunk,
    KnowledgeBase,
    Sentence,
    _weighted,
    change_number,
    docchunk_marker,
    docpage_marker,
    numeric_marker,
    paraphrase,
)
from audit.sample.kb_data import _NUMBER

# --------------------------------------------------------------------------------------------------------------
# answers
from audit.sample.render import Claim, RowPlan, _object_answer, _render, _source_span, misquote
from audit.sample.settings import (
    CONFIDENCE_DIALECTS,
    EXPECTED,
    MISSING_INFORMATION,
    NON_CLAIMS,
    OBJECT_FORM_WEIGHTS,
    OVERCONFIDENT_MODEL,
)


class _AnswerBuilder:
    def __init__(self, kb: KnowledgeBase, rng: random.Random) -> None:
        self.kb = kb
        self.rng = rng

    def contexts(self, plan: RowPlan) -> tuple[list[Chunk], list[int], str | None]:
        """Retrieved chunks in order; positions (0-based) of the forced multi-cite group and its shared fact."""
        rng = self.rng
        tdocs = self.kb.by_tenant[plan.tenant]
        n_ctx = rng.randint(3, 8)
        forced: list[Chunk] = []
        fact = None
        if plan.form in ("list", "adjacent", "range"):
            fact = rng.choice(sorted(self.kb.shared_chunks[plan.tenant]))
            forced = rng.sample(self.kb.shared_chunks[plan.tenant][fact], 3 if plan.form == "range" else 2)
            n_ctx = max(n_ctx, len(forced) + 2)
        docs = rng.sample(tdocs, 3)
        pool = [c for d in docs for c in d.chunks if c not in forced]
        if fact is not None:
            pool = [c for c in pool if all(s.text != fact for s in c.sentences)]
        fill = rng.sample(pool, min(len(pool), n_ctx - len(forced)))
        if plan.form == "range":
            at = rng.randint(0, len(fill))
            chunks = fill[:at] + forced + fill[at:]
            positions = [at, at + 1, at + 2]
        else:
            chunks = fill + forced
            rng.shuffle(chunks)
            positions = sorted(chunks.index(c) for c in forced)
        return chunks, positions, fact

    def row(self, plan: RowPlan, answer_id: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        rng = self.rng
        chunks, forced_pos, fact = self.contexts(plan)
        # claimable (rank, sentence) pairs: unique sentences only
        pairs = [(k + 1, s) for k, ch in enumerate(chunks) for s in ch.sentences if not s.shared]
        rng.shuffle(pairs)
        claim_faults = [f for f in plan.faults if f not in ("invalid_json", "non_claim", "overconfident")]
        n_plain = max(rng.randint(2, 5) - len(claim_faults) - (1 if fact else 0), 1 if not claim_faults else 0)
        if "overconfident" in plan.faults:  # a confident answer none of whose claims its sources support
            claim_faults, n_plain = [*claim_faults, "unsupported", "unsupported"], 0
        kinds = claim_faults + ["ok"] * n_plain
        rng.shuffle(kinds)
        claims: list[Claim] = []
        topic = pairs[0]
        for kind, (rank, sent) in zip(kinds, pairs, strict=False):
            claims.append(self._claim(kind, rank, sent, chunks, plan))
        if fact is not None:
            ranks = [p + 1 for p in forced_pos]
            marker = numeric_marker(ranks, plan.form)
            claims.insert(rng.randint(0, len(claims)), Claim(fact, marker, ranks))
        if "non_claim" in plan.faults:
            text = rng.choice(NON_CLAIMS)
            claims.append(Claim(text, "", [], {"kind": "non_claim", "claim": text}))

        confidence = self._confidence(plan, claims) if plan.dialect in CONFIDENCE_DIALECTS else None
        answer = self._assemble(claims, plan, rng, confidence)
        truth: list[dict[str, Any]] = []
        if "overconfident" in plan.faults:
            reason, verdict = EXPECTED["overconfident"]
            truth.append(
                {
                    "answer_id": answer_id,
                    "kind": "overconfident",
                    "dialect": plan.dialect,
                    "expected": reason,
                    "expected_verdict": verdict,
                    "marker": None,
                    "details": {"claimed_confidence": confidence, "model": plan.model},
                }
            )
        for c in claims:
            if c.truth is not None:
                t = {"answer_id": answer_id, "kind": c.truth.pop("kind"), "dialect": plan.dialect}
                reason, verdict = EXPECTED[t["kind"]]
                t |= {"expected": reason, "expected_verdict": verdict, "marker": c.marker or None}
                t |= c.truth
                truth.append(t)
        if "invalid_json" in plan.faults:
            answer, variant = self._break_json(answer)
            reason, verdict = EXPECTED["invalid_json"]
            truth.append(
                {
                    "answer_id": answer_id,
                    "kind": "invalid_json",
                    "dialect": plan.dialect,
                    "expected": reason,
                    "expected_verdict": verdict,
                    "marker": None,
                    "details": {"variant": variant, "answer_text_intact": True},
                }
            )

        topic_doc, item = chunks[topic[0] - 1].doc, topic[1].item
        if plan.turn_index == 0:
            question = rng.choice(topic_doc.doc_type["questions"]).format(item=item, p=topic_doc.variant)
        else:
            question = rng.choice(
                ["And what about {item}?", "What else should I know about {item}?", "Does that also apply to {item}?"]
            ).format(item=item)
        row = {
            "answer_id": answer_id,
            "conversation_id": plan.conversation_id,
            "turn_index": plan.turn_index,
            "logged_at": plan.logged_at,
            "tenant": plan.tenant,
            "model": plan.model,
            "question": question,
            "answer": answer,
            "contexts": [c.as_context() for c in chunks],
        }
        return row, truth

    def _claim(self, kind: str, rank: int, sent: Sentence, chunks: list[Chunk], plan: RowPlan) -> Claim:
        rng = self.rng
        n_ctx = len(chunks)
        body, op = paraphrase(sent.text, rng) if rng.random() < 0.4 else (sent.text, "copied")
        true_ctx = chunks[rank - 1]
        base: dict[str, Any] = {
            "claim": body,
            "true_rank": rank,
            "details": {
                "source_sentence": sent.text,
                "paraphrase": op,
                "support_char_span": _source_span(true_ctx.text, sent.text),
            },
        }
        cited = rank
        marker_target: Chunk | None = true_ctx
        truth: dict[str, Any] | None = None
        quote: str | None = None  # citation objects: the quoted text_span (default: the source sentence)
        ctype = "direct_quote" if op == "copied" else rng.choice(["paraphrase", "paraphrase", "inference"])
        if kind == "ok":
            pass
        elif kind == "invented_quote":
            quote, variant = self._invented_quote(sent, chunks, plan)
            truth = {"kind": kind, "cited_rank": rank, **base}
            truth["details"] |= {"quote": quote, "variant": variant}
        elif kind == "non_verbatim_quote":
            quote, ctype = misquote(sent.text, rng), "direct_quote"
            truth = {"kind": kind, "cited_rank": rank, **base}
            truth["details"] |= {"quote": quote}
        elif kind == "uncited_claim":
            return Claim(body, "", [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "index_out_of_range":
            cited = n_ctx + rng.randint(1, 4)
            marker_target = None
            truth = {"kind": kind, "cited_rank": cited, **base}
        elif kind == "misattributed":
            cited = rng.choice([k for k in range(1, n_ctx + 1) if sent.text not in chunks[k - 1].text])
            marker_target = chunks[cited - 1]
            truth = {"kind": kind, "cited_rank": cited, **base}
        elif kind == "unsupported":
            changed = change_number(sent.text, rng)
            all_text = " ".join(c.text for c in chunks)
            if rng.random() < 0.7 and changed is not None and changed[0] not in all_text:
                body = changed[0]
                truth = {
                    "kind": kind,
                    "claim": body,
                    "cited_rank": rank,
                    "true_rank": None,
                    "details": {
                        "variant": "changed_number",
                        "source_sentence": sent.text,
                        "from": changed[1],
                        "to": changed[2],
                    },
                }
            else:
                body = rng.choice(self._unretrieved_sentences(plan, chunks))
                cited = rng.randint(1, n_ctx)
                marker_target = chunks[cited - 1]
                truth = {
                    "kind": kind,
                    "claim": body,
                    "cited_rank": cited,
                    "true_rank": None,
                    "details": {"variant": "not_retrieved", "source_sentence": body},
                }
        elif kind == "unknown_document":
            retrieved_titles = {c.doc.title for c in chunks}
            retrieved_ids = {c.doc.doc_id for c in chunks}
            others = [
                d
                for d in self.kb.by_tenant[plan.tenant]
                if d.title not in retrieved_titles and d.doc_id not in retrieved_ids
            ]
            if rng.random() < 0.5:
                title, doc_id, variant = f"{true_ctx.doc.title[:-4]} (archived).pdf", "kb_doc_999", "hallucinated"
            else:
                d = rng.choice(others)
                title, doc_id, variant = d.title, d.doc_id, "not_retrieved"
            marker = (
                docpage_marker(title, true_ctx.page)
                if plan.dialect == "document_page"
                else docchunk_marker(doc_id, true_ctx.chunk_id)
            )
            base["details"]["variant"] = variant
            if plan.dialect == "citation_object":
                obj = {"document_id": doc_id, "document_name": title, "chunk_index": 0, "page_number": true_ctx.page}
                obj |= self._quote_fields(body, sent.text, ctype)
                return Claim(body, "citations[?]", [], {"kind": kind, "cited_rank": None, **base}, obj)
            return Claim(body, marker, [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "page_not_retrieved":
            pages = {c.page for c in chunks if c.doc.title == true_ctx.doc.title}
            page = rng.choice([p for p in range(1, max(pages) + 4) if p not in pages])
            return Claim(body, docpage_marker(true_ctx.doc.title, page), [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "unknown_chunk":
            if plan.dialect == "citation_object":  # past the retrieved chunks of that document
                n_same = sum(1 for c in chunks if c.doc is true_ctx.doc)
                obj = {"document_id": true_ctx.doc.doc_id, "chunk_index": n_same + rng.randint(0, 3)}
                obj |= self._quote_fields(body, sent.text, ctype)
                return Claim(body, "citations[?]", [], {"kind": kind, "cited_rank": None, **base}, obj)
            have = {c.chunk_id for c in chunks if c.doc.doc_id == true_ctx.doc.doc_id}
            cands = [c.chunk_id for c in true_ctx.doc.chunks if c.chunk_id not in have]
            chunk_id = rng.choice(cands) if cands and rng.random() < 0.6 else f"chunk-{rng.randint(40, 99)}"
            return Claim(
                body, docchunk_marker(true_ctx.doc.doc_id, chunk_id), [], {"kind": kind, "cited_rank": None, **base}
            )
        else:
            raise ValueError(kind)

        cited_obj: dict[str, Any] | None = None
        if plan.dialect == "json_inline":
            marker = f"source_index:{cited - 1}"
        elif plan.dialect == "citation_object":
            assert marker_target is not None
            marker = "citations[?]"  # numbered when the answer is assembled
            # a faulty citation quotes its own claim; a sound one quotes its source sentence
            said = quote or (sent.text if truth is None else body)
            quoted = truth is not None and "quote" in truth["details"]  # the planted fault is the quote itself
            cited_obj = self._object(marker_target, chunks) | self._quote_fields(body, said, ctype, quoted)
            if truth is not None and quoted:
                truth["details"]["quote"] = cited_obj["text_span"]  # as logged
        elif plan.dialect == "document_page":
            assert marker_target is not None
            marker = docpage_marker(marker_target.doc.title, marker_target.page)
        elif plan.dialect == "doc_chunk":
            assert marker_target is not None
            marker = docchunk_marker(marker_target.doc.doc_id, marker_target.chunk_id)
        else:
            marker = f"[{cited}]"
        if truth is not None:
            truth.setdefault("claim", body)
        return Claim(body, marker, [cited], truth, cited_obj)

    def _unretrieved_sentences(self, plan: RowPlan, chunks: list[Chunk]) -> list[str]:
        """Sentences of the tenant's knowledge base (not shared boilerplate) in no retrieved chunk."""
        retrieved = {id(c) for c in chunks}
        return [
            s.text
            for d in self.kb.by_tenant[plan.tenant]
            for c in d.chunks
            if id(c) not in retrieved
            for s in c.sentences
            if not s.shared
        ]

    def _object(self, target: Chunk, chunks: list[Chunk]) -> dict[str, Any]:
        """How a citation object names its source: document_id + chunk_index (its position among the retrieved
        chunks of that document), or document_name + page_number."""
        if self.rng.random() < 0.7:
            same_doc = [c for c in chunks if c.doc is target.doc]
            return {
                "document_id": target.doc.doc_id,
                "document_name": target.doc.title,
                "chunk_index": same_doc.index(target),
                "page_number": target.page,
            }
        return {"document_name": target.doc.title, "page_number": target.page}

    def _quote_fields(self, body: str, quote: str, ctype: str, keep_span: bool = False) -> dict[str, Any]:
        """claim_text, citation_type and, 9 times in 10 (always for a direct quote or a planted quote fault), the
        quoted text_span."""
        rng = self.rng
        claim = body[:-1] if rng.random() < 0.5 else body
        claim = claim.lower() if rng.random() < 0.2 else claim  # logged claims differ in case from the answer
        fields: dict[str, Any] = {"claim_text": claim, "citation_type": ctype}
        if rng.random() < 0.9 or ctype == "direct_quote" or keep_span:
            fields["text_span"] = quote.rstrip(".") if rng.random() < 0.5 else quote
        return fields

    def _invented_quote(self, sent: Sentence, chunks: list[Chunk], plan: RowPlan) -> tuple[str, str]:
        """A quote its source does not hold: the sentence with a changed figure, or a sentence of a document
        that was not retrieved (one with a number, so it cannot pass for a sloppy quote)."""
        rng = self.rng
        all_text = " ".join(c.text for c in chunks)
        changed = change_number(sent.text, rng)
        if changed is not None and changed[0] not in all_text:
            return changed[0], "changed_number"
        with_number = [t for t in self._unretrieved_sentences(plan, chunks) if _NUMBER.search(t)]
        return rng.choice(with_number), "not_retrieved"

    def _confidence(self, plan: RowPlan, claims: list[Claim]) -> float:
        """Self-reported confidence: honest models report less when their answer holds a planted fault;
        OVERCONFIDENT_MODEL reports 0.9-1.0 whatever it says. Sets each citation object's confidence_score too."""
        faulty = [c for c in claims if c.truth is not None and c.truth["kind"] not in ("non_claim", "uncited_claim")]
        for c in claims:
            if c.obj is not None:
                c.obj["confidence_score"] = self._score(plan, c in faulty)
        return self._score(plan, bool(faulty))

    def _score(self, plan: RowPlan, bad: bool) -> float:
        rng = self.rng
        if plan.model == OVERCONFIDENT_MODEL:
            return round(rng.uniform(0.9, 1.0), 2)
        return round(rng.uniform(0.3, 0.6) if bad else rng.uniform(0.8, 1.0), 2)

    def _assemble(self, claims: list[Claim], plan: RowPlan, rng: random.Random, confidence: float | None) -> str:
        text = " ".join(_render(c, plan.dialect, rng) for c in claims)
        extra: dict[str, Any] = {}
        if confidence is not None:
            extra["confidence"] = confidence
            if rng.random() < 0.2:
                extra["missing_information"] = [rng.choice(MISSING_INFORMATION)]
        if plan.dialect == "json_citations":
            cited = sorted({r for c in claims for r in c.cited})
            return json.dumps({"answer": text, "citations": cited} | extra, ensure_ascii=False)
        if plan.dialect == "citation_object":
            objs: list[dict[str, Any]] = []
            for c in claims:
                if c.obj is not None:
                    c.marker = f"citations[{len(objs)}]"
                    objs.append(c.obj)
            return _object_answer(text, objs, extra, _weighted(rng, OBJECT_FORM_WEIGHTS))
        if plan.dialect == "json_inline":
            inline = [{"source_index": c.cited[0] - 1, "claim": c.body} for c in claims if c.cited]
            return json.dumps({"answer": text, "inline_citations": inline}, ensure_ascii=False)
        return text

    def _break_json(self, answer: str) -> tuple[str, str]:
        variant = self.rng.choice(["truncated", "unbalanced", "unescaped_quote"])
        if variant == "truncated":  # generation stopped inside the citations array
            cut = answer.index('"citations": [') + len('"citations": [')
            return answer[: cut + self.rng.randint(0, max(0, len(answer) - cut - 2))], variant
        if variant == "unbalanced":
            return answer[:-1], variant
        return answer.replace('{"answer": "', '{"answer": "Per the "official" documents: ', 1), variant
