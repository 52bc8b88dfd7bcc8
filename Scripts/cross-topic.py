#!/usr/bin/env python3
"""Leave-one-topic-out evaluation on the Sanders corpus: a proxy for how a
model trained on some topics does on tweets about another one.

  Scripts/cross-topic.py .build/release/tweetalyze [train options...]

Writes temporary training files under /tmp/lot (never into the repo).
"""
import csv, subprocess, sys, os, json
os.makedirs('/tmp/lot', exist_ok=True)
BIN=sys.argv[1]; extra=sys.argv[2:]
rows=[r for r in csv.DictReader(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'data', 'sanders-full-corpus.csv'),encoding='utf-8',newline='')) if r['Sentiment']!='irrelevant']
topics=sorted(set(r['Topic'] for r in rows))
accs=[];f1s=[]
for t in topics:
    tr=[r for r in rows if r['Topic']!=t]; te=[r for r in rows if r['Topic']==t]
    p=f'/tmp/lot/train-{t}.csv'
    with open(p,'w',newline='',encoding='utf-8') as f:
        w=csv.writer(f); w.writerow(['class','text'])
        for r in tr: w.writerow([r['Sentiment'],r['TweetText']])
    subprocess.run([BIN,'train',p,'--out',f'/tmp/lot/m-{t}.json']+extra,check=True,capture_output=True)
    inp="".join(r['TweetText'].replace('\r',' ').replace('\n',' ')+'\n' for r in te)
    out=subprocess.run([BIN,'classify','--model',f'/tmp/lot/m-{t}.json'],input=inp.encode(),capture_output=True,check=True).stdout.decode().split('\n')
    pred=[l.split('\t')[0] for l in out if l]
    gold=[r['Sentiment'] for r in te]
    acc=sum(a==b for a,b in zip(pred,gold))/len(gold)
    f1=0
    for c in ['negative','neutral','positive']:
        tp=sum(1 for a,b in zip(pred,gold) if a==c and b==c); pp=pred.count(c); gp=gold.count(c)
        pr=tp/pp if pp else 0; rc=tp/gp if gp else 0
        f1+= 2*pr*rc/(pr+rc) if pr+rc else 0
    accs.append(acc); f1s.append(f1/3)
print(' '.join(extra) or 'defaults', ' acc %.4f f1 %.4f'%(sum(accs)/4,sum(f1s)/4), ' per-topic acc', ' '.join('%.3f'%a for a in accs))
